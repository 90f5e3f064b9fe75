import { LOCALES, type Locale } from '@inkwell/contracts';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../i18n';

/** Language names in their own script, so everyone finds theirs. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', my: 'မြန်မာ', th: 'ไทย' };

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="sm"
          leftSection={<IconLanguage size={18} />}
          // The name holds the words shown (WCAG 2.5.3): a voice user says what they see.
          aria-label={`${t('language.choose')}: ${LANGUAGE_NAMES[(i18n.language as Locale) ?? 'en']}`}
        >
          {LANGUAGE_NAMES[(i18n.language as Locale) ?? 'en']}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => void changeLocale(locale)}
            rightSection={i18n.language === locale ? <IconCheck size={16} /> : null}
          >
            {LANGUAGE_NAMES[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
