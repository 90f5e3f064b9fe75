import type { PostLanguage } from '@inkwell/contracts';
import { Chip, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './search.module.css';

/** The languages a reader picks among (a post's language is found from its script). */
export const READER_LANGUAGES = ['my', 'th', 'en'] as const satisfies readonly PostLanguage[];

/** A language from an address or a setting, when it is one of the reader's; undefined for every language. */
export const readerLanguage = (value: string | null | undefined): PostLanguage | undefined =>
  READER_LANGUAGES.find((language) => language === value);

/**
 * All, Burmese, Thai or English: one choice (radio buttons, arrow keys move between them). Its words come with
 * search's catalogue: draw it where that is loaded.
 */
export function LanguageChips({
  value,
  onChange,
  label,
  strip = false,
}: {
  value: PostLanguage | undefined;
  onChange: (value: PostLanguage | undefined) => void;
  label: string;
  /** One row that scrolls sideways rather than wrapping (a height that never changes). */
  strip?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Chip.Group value={value ?? 'all'} onChange={(v) => onChange(readerLanguage(v as string))}>
      <Group
        gap="xs"
        wrap={strip ? 'nowrap' : 'wrap'}
        role="radiogroup"
        aria-label={label}
        className={strip ? `${classes.chips} ${classes.strip}` : classes.chips}
      >
        <Chip value="all" size="sm">
          {t('search.all_languages')}
        </Chip>
        {READER_LANGUAGES.map((language) => (
          <Chip key={language} value={language} size="sm">
            {t(`search.languages.${language}`)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
