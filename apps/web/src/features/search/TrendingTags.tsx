import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { useTrendingTags } from './api';
import { LanguageChips, readerLanguage } from './LanguageFilter';
import { useSearchMessages } from './messages';
import { TagPill } from './TagPill';
import classes from './search.module.css';

/**
 * The tags of the most posts today, in the reader's language first (they may pick another, or all). `strip`: one
 * row that scrolls sideways (Explore's top), so nothing below moves as it arrives; otherwise they wrap.
 */
export function TrendingTags({ strip = false, headingOrder = 2 }: { strip?: boolean; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation();
  const ready = useSearchMessages();
  const heading = useId();
  const [language, setLanguage] = useState(() => readerLanguage(currentLocale()));
  const trending = useTrendingTags(language);
  if (!ready) return null;
  const tags = trending.data?.data ?? [];
  return (
    <Stack gap="xs" component="section" aria-labelledby={heading}>
      <Title order={headingOrder} fz="h5" id={heading}>
        {t('tags.trending')}
      </Title>
      <LanguageChips value={language} onChange={setLanguage} label={t('tags.trending_language')} strip={strip} />
      <Group
        gap="xs"
        // A strip scrolls only tags (links, reached by Tab): the sentence saying there are none wraps instead.
        wrap={strip && tags.length > 0 ? 'nowrap' : 'wrap'}
        className={strip && tags.length > 0 ? classes.strip : undefined}
        mih={44}
        aria-busy={trending.isFetching}
      >
        {trending.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {trending.isSuccess && tags.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('tags.trending_empty')}
          </Text>
        )}
        {tags.map((hit) => (
          <TagPill key={hit.tag} hit={hit} />
        ))}
      </Group>
    </Stack>
  );
}
