import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="md" py="xl">
      <Title order={1}>{t('system.not_found')}</Title>
      <Text c="dimmed">{t('system.not_found_body')}</Text>
      <Anchor component={Link} to="/home" fw={600}>
        {t('system.go_home')}
      </Anchor>
    </Stack>
  );
}
