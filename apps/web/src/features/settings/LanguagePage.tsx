import { LOCALES } from '@inkwell/contracts';
import { Card, NavLink, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BackBar } from '../../components/BackBar';
import { LANGUAGE_NAMES } from '../../components/LanguageMenu';
import { changeLocale } from '../../i18n';

/** The three languages with a check mark on the current one. */
export function LanguagePage() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <BackBar title={t('titles.language')} />
      <Text c="dimmed" mb="md">
        {t('language.intro')}
      </Text>
      <Card withBorder padding={0} radius="lg" role="radiogroup" aria-label={t('titles.language')}>
        {LOCALES.map((locale) => {
          const selected = i18n.language === locale;
          return (
            <NavLink
              key={locale}
              component="button"
              role="radio"
              aria-checked={selected}
              lang={locale}
              label={<Text fw={selected ? 700 : 500}>{LANGUAGE_NAMES[locale]}</Text>}
              rightSection={
                selected ? <IconCheck size={20} color="var(--mantine-primary-color-filled)" aria-hidden /> : null
              }
              active={selected}
              onClick={() => void changeLocale(locale)}
              py="md"
            />
          );
        })}
      </Card>
    </>
  );
}
