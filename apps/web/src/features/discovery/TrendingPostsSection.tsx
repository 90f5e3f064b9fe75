import { READ_LANGUAGES, TRENDING_POSTS_HOURS, type ReadLanguage } from '@inkwell/contracts';
import { Input, Loader, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { PostCard, hasImage } from '../posts';
import { useExploreTrendingPosts } from './api';
import { ExploreSection } from './ExploreSection';
import { useDiscoveryMessages } from './messages';

/**
 * Explore's first section: the posts of the last two days most engaged with, in one language or all, as any feed
 * draws them. The phone's own picker for the language, as search's filters: the first screen carries this code,
 * and neither chips nor Mantine's NativeSelect come with it yet.
 */
export function TrendingPostsSection({ initialLanguage }: { initialLanguage: ReadLanguage | undefined }) {
  const { t } = useTranslation();
  const ready = useDiscoveryMessages();
  const [language, setLanguage] = useState(initialLanguage);
  const trending = useExploreTrendingPosts(language);
  const posts = trending.data?.pages.flatMap((page) => page.data) ?? [];
  // The first image on a phone's first screen is the page's largest paint: it loads first.
  const lead = posts.slice(0, 2).findIndex(hasImage);
  if (!ready) return null;
  return (
    <ExploreSection
      title={t('explore.trending_posts')}
      hint={t('explore.trending_posts_hint', { hours: TRENDING_POSTS_HOURS })}
      controls={
        <Input.Wrapper label={t('explore.language')} size="md" maw={240} id="trending-language">
          <Input
            component="select"
            id="trending-language"
            size="md"
            pointer
            value={language ?? 'all'}
            onChange={(event: ChangeEvent<HTMLSelectElement>) =>
              setLanguage(READ_LANGUAGES.find((l) => l === event.currentTarget.value))
            }
            rightSection={<IconChevronDown size={16} aria-hidden />}
            rightSectionPointerEvents="none"
          >
            {(['all', ...READ_LANGUAGES] as const).map((value) => (
              <option key={value} value={value}>
                {t(`explore.languages.${value}`)}
              </option>
            ))}
          </Input>
        </Input.Wrapper>
      }
      more={{
        has: trending.hasNextPage,
        loading: trending.isFetchingNextPage,
        load: () => void trending.fetchNextPage(),
      }}
    >
      <Stack gap="md" aria-busy={trending.isFetching}>
        {trending.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {trending.isError && <Text c="red">{errorMessage(trending.error)}</Text>}
        {trending.isSuccess && posts.length === 0 && <Text c="dimmed">{t('explore.trending_posts_none')}</Text>}
        {posts.map((post, index) => (
          <PostCard key={post.id} post={post} priority={index === lead} />
        ))}
      </Stack>
    </ExploreSection>
  );
}
