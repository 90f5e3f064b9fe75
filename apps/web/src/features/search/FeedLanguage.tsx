import type { PostLanguage } from '@inkwell/contracts';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { LanguageChips } from './LanguageFilter';
import { useSearchMessages } from './messages';

/** The public feed in one language (All, Burmese, Thai, English). */
export function FeedLanguageFilter({
  value,
  onChange,
}: {
  value: PostLanguage | undefined;
  onChange: (value: PostLanguage | undefined) => void;
}) {
  const { t } = useTranslation();
  if (!useSearchMessages()) return null;
  return <LanguageChips value={value} onChange={onChange} label={t('search.feed_language')} strip />;
}

/** No public post in the language chosen yet. */
export function FeedLanguageEmpty() {
  const { t } = useTranslation();
  if (!useSearchMessages()) return null;
  return (
    <EmptyState
      icon={<IconLanguage size={32} />}
      title={t('search.feed_language_empty_title')}
      body={t('search.feed_language_empty_body')}
    />
  );
}
