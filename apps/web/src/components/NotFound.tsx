import { Button, Stack, Text, Title } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../api/client';
import { getSession } from '../session/session';
import { PRODUCT_NAME } from '@inkwell/contracts';

/** Whether a failed load means the thing is not there (as opposed to a network or server failure). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * The one "not found" of the app, for an unknown address and for a post, account, person, organization or admin
 * object that does not exist: the same words, a 404 in the document title, and a way home.
 */
export function NotFound({
  body,
  home,
  headingOrder = 1,
}: {
  body?: string;
  home?: string;
  /** 2 inside a shell whose bar holds the page's level-one heading (the admin area). */
  headingOrder?: 1 | 2;
}) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    // After the route's own title (a parent's effect runs after this one).
    queueMicrotask(() => {
      document.title = `${t('titles.not_found')} · ${PRODUCT_NAME}`;
    });
  }, [t, i18n.language]);
  return (
    <Stack align="center" ta="center" gap="md" py="xl" data-testid="not-found">
      <IconMapQuestion size={56} aria-hidden />
      <Title order={headingOrder} fz="h1">
        {t('system.not_found')}
      </Title>
      <Text c="dimmed">{body ?? t('system.not_found_body')}</Text>
      <Button component={Link} to={home ?? (getSession() ? '/home' : '/')}>
        {t('system.go_home')}
      </Button>
    </Stack>
  );
}
