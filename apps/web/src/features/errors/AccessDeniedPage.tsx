import { Button, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function AccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="md" py="xl">
      <IconLock size={56} aria-hidden />
      <Title order={1}>{t('system.access_denied')}</Title>
      <Text c="dimmed">{t('system.access_denied_body')}</Text>
      <Button component={Link} to="/home">
        {t('actions.home')}
      </Button>
    </Stack>
  );
}
