import { ActionIcon, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Goes to `to` when given, else back in history, else to the root path (spec: shell, back-bar). */
export function useBack(to?: string) {
  const navigate = useNavigate();
  return () => {
    if (to) void navigate(to);
    else if (window.history.state && window.history.state.idx > 0) void navigate(-1);
    else void navigate('/');
  };
}

/**
 * The screen's back button and title. The title is the screen's one level-one heading unless `level` says the
 * page has its own (a post's title, a person's name).
 */
export function BackBar({
  title,
  to,
  right,
  level = 1,
}: {
  title: ReactNode;
  to?: string;
  right?: ReactNode;
  level?: 1 | 2;
}) {
  const { t } = useTranslation();
  const back = useBack(to);
  return (
    <Group justify="space-between" wrap="nowrap" mb="md">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon variant="subtle" size={44} onClick={back} aria-label={t('actions.back')}>
          <IconArrowLeft size={22} />
        </ActionIcon>
        <Title order={level} fz="h3">
          {title}
        </Title>
      </Group>
      {right}
    </Group>
  );
}
