import { Button, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * What a screen shows when its code could not load (a lost connection, or an old page after a deploy) or its
 * route failed: the reader's words and a way to try again, never a blank page or the router's developer screen.
 */
export function ScreenError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => console.error('screen failed', error), [error]);
  return (
    <Stack align="center" ta="center" gap="md" py="xl" role="alert">
      <Title order={1} fz="h2">
        {t('system.screen_failed')}
      </Title>
      <Text c="dimmed">{t('system.screen_failed_body')}</Text>
      <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => location.reload()}>
        {t('system.try_again')}
      </Button>
    </Stack>
  );
}

/** The router's error element: whatever a route threw. */
export function RouteErrorScreen() {
  return <ScreenError error={useRouteError()} />;
}
