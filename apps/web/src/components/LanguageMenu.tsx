import type { Locale } from '@inkwell/contracts';
import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Language names in their own script, so everyone finds theirs. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', my: 'မြန်မာ', th: 'ไทย' };

const loadChoices = () => import('./LanguageChoices');
const LanguageChoices = lazy(async () => ({ default: (await loadChoices()).LanguageChoices }));

/** The menu's button: the language in use, named for what it does. */
function LanguageButton(props: ButtonProps & ComponentPropsWithRef<'button'>) {
  const { t, i18n } = useTranslation();
  const name = LANGUAGE_NAMES[(i18n.language as Locale) ?? 'en'];
  return (
    <Button
      variant="subtle"
      size="sm"
      leftSection={<IconLanguage size={18} />}
      // The name holds the words shown (WCAG 2.5.3): a voice user says what they see.
      aria-label={`${t('language.choose')}: ${name}`}
      aria-haspopup="menu"
      {...props}
    >
      {name}
    </Button>
  );
}

/**
 * The language button of the welcome, sign-in and open pages. The menu's code loads with the first tap (and
 * starts on hover or focus, so it is usually there by the tap): most visits never open it.
 */
export function LanguageMenu() {
  const [asked, setAsked] = useState(false);
  if (!asked) {
    return (
      <LanguageButton
        aria-expanded={false}
        onClick={() => setAsked(true)}
        onPointerEnter={() => void loadChoices()}
        onFocus={() => void loadChoices()}
      />
    );
  }
  return (
    <Suspense fallback={<LanguageButton aria-expanded={false} loading />}>
      <LanguageChoices button={<LanguageButton />} names={LANGUAGE_NAMES} />
    </Suspense>
  );
}
