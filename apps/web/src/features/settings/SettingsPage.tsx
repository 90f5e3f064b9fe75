import { Card, Divider, NavLink, Text } from '@mantine/core';
import { IconChevronRight, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackBar } from '../../components/BackBar';
import { LANGUAGE_NAMES } from '../../components/LanguageMenu';
import { currentLocale } from '../../i18n';
import { DataSaverSetting } from './DataSaverSetting';

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <BackBar title={t('titles.settings')} />
      <Card withBorder padding={0} radius="lg">
        <NavLink
          component={Link}
          to="/settings/language"
          label={<Text fw={500}>{t('titles.language')}</Text>}
          description={LANGUAGE_NAMES[currentLocale()]}
          leftSection={<IconLanguage size={22} />}
          rightSection={<IconChevronRight size={18} />}
          py="md"
        />
        <Divider />
        <DataSaverSetting />
      </Card>
    </>
  );
}
