import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackBar } from '../../components/BackBar';
import { Logo } from '../../components/Logo';

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <>
      <BackBar title={t('titles.about')} />
      <Stack gap="md">
        <Logo size={40} />
        <Text size="lg">{t('about.lead')}</Text>
        <Title order={2} fz="h4">
          {t('about.for_readers_title')}
        </Title>
        <Text>{t('about.for_readers')}</Text>
        <Title order={2} fz="h4">
          {t('about.for_creators_title')}
        </Title>
        <Text>{t('about.for_creators')}</Text>
        <Title order={2} fz="h4">
          {t('about.languages_title')}
        </Title>
        <List>
          <List.Item lang="en">English</List.Item>
          <List.Item lang="my">မြန်မာ</List.Item>
          <List.Item lang="th">ไทย</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          {t('about.version', { version: __APP_VERSION__ })}
        </Text>
      </Stack>
    </>
  );
}
