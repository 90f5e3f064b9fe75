import { LOCALES, type Locale } from '@inkwell/contracts';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../i18n';

/**
 * The language menu itself, open from the start: LanguageMenu loads it with the first tap on its button, so its
 * code (Mantine's Menu, its positioning and focus trap) is no part of the screens that show the button. The
 * names come from LanguageMenu (imported here, they would be a file of their own for both).
 */
export function LanguageChoices({ button, names }: { button: ReactElement; names: Record<Locale, string> }) {
  const { i18n } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => void changeLocale(locale)}
            rightSection={i18n.language === locale ? <IconCheck size={16} /> : null}
          >
            {names[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
