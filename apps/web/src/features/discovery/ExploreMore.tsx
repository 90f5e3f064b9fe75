import { NEW_CREATOR_DAYS, type Paged, type Pack, type SuggestedAccount } from '@inkwell/contracts';
import { Box, Button, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { mayAdminister, useSession } from '../../session/session';
import { useExploreFeatured, useExploreNewCreators, useExploreSuggestions, usePackList } from './queries';
import { ExploreSection } from './ExploreSection';
import { usePackMessages } from './messages';
import { PackCard } from './PackCard';
import { SuggestedAccountCard } from './SuggestedAccountCard';

/**
 * A section's height before its cards arrive, as its first page of cards will be (one column on a phone, two
 * from `sm`): what is below stays put. Kept in step with Explore's placeholder (EXPLORE_MORE_HEIGHT).
 */
const ACCOUNTS_HEIGHT = { base: 600, sm: 360 };
const CARDS_WITH_POSTS_HEIGHT = { base: 800, sm: 460 };
const PACKS_HEIGHT = { base: 800, sm: 460 };
const EXPLORE_MORE_HEIGHT = { base: 2 * 600 + 2 * 800 + 3 * 32, sm: 2 * 360 + 2 * 460 + 3 * 32 };

type PagedQuery<T> = UseInfiniteQueryResult<InfiniteData<Paged<T>>>;

const moreOf = <T,>(query: PagedQuery<T>) => ({
  has: query.hasNextPage,
  loading: query.isFetchingNextPage,
  load: () => void query.fetchNextPage(),
});

/** A section's cards, a loader while they come, or what to do when there are none. */
function Cards<T>({
  query,
  empty,
  render,
}: {
  query: PagedQuery<T>;
  empty: ReactNode;
  render: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Loader size="sm" aria-label={t('app.loading')} />;
  if (query.isError) return <Text c="red">{errorMessage(query.error)}</Text>;
  const items = query.data.pages.flatMap((page) => page.data);
  if (items.length === 0) return <>{empty}</>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {items.map(render)}
    </SimpleGrid>
  );
}

/** New and featured accounts: the section's title says why, so the card says only who. */
const accountCard = (suggestion: SuggestedAccount) => (
  <SuggestedAccountCard key={suggestion.account.id} account={suggestion.account} />
);

/** A suggestion for me: why, and its latest post. */
const suggestionCard = (suggestion: SuggestedAccount) => (
  <SuggestedAccountCard
    key={suggestion.account.id}
    account={suggestion.account}
    reason={suggestion}
    latestPost={suggestion.latest_post}
  />
);

function NewCreators() {
  const { t } = useTranslation();
  const query = useExploreNewCreators();
  return (
    <ExploreSection
      title={t('explore.new_creators')}
      hint={t('explore.new_creators_hint', { days: NEW_CREATOR_DAYS })}
      mih={ACCOUNTS_HEIGHT}
      more={moreOf(query)}
    >
      <Cards query={query} render={accountCard} empty={<Text c="dimmed">{t('explore.new_creators_none')}</Text>} />
    </ExploreSection>
  );
}

/** Hidden when the team features nobody: an empty "Featured" says nothing. */
function Featured() {
  const { t } = useTranslation();
  const query = useExploreFeatured();
  if (query.isSuccess && query.data.pages[0]?.data.length === 0) return null;
  return (
    <ExploreSection
      title={t('explore.featured')}
      hint={t('explore.featured_hint')}
      mih={ACCOUNTS_HEIGHT}
      more={moreOf(query)}
    >
      <Cards query={query} render={accountCard} empty={null} />
    </ExploreSection>
  );
}

function Suggested() {
  const { t } = useTranslation();
  const query = useExploreSuggestions();
  return (
    <ExploreSection
      title={t('explore.suggested')}
      hint={t('explore.suggested_hint')}
      mih={CARDS_WITH_POSTS_HEIGHT}
      more={moreOf(query)}
    >
      <Cards query={query} render={suggestionCard} empty={<Text c="dimmed">{t('explore.suggested_none')}</Text>} />
    </ExploreSection>
  );
}

function Packs({ mayMake }: { mayMake: boolean }) {
  const { t } = useTranslation();
  const query = usePackList(false);
  const make = mayMake && (
    <Button
      component={Link}
      to="/packs/new"
      variant="subtle"
      leftSection={<IconPlus size={18} />}
      mih={44}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('packs.new')}
    </Button>
  );
  return (
    <ExploreSection
      title={t('explore.packs')}
      hint={t('explore.packs_hint')}
      mih={PACKS_HEIGHT}
      controls={make}
      more={moreOf(query)}
    >
      <Cards<Pack>
        query={query}
        render={(pack) => <PackCard key={pack.id} pack={pack} />}
        empty={<Text c="dimmed">{t('explore.packs_none')}</Text>}
      />
    </ExploreSection>
  );
}

/**
 * Explore below its first screen: new creators, featured accounts, suggestions for me (signed in), starter packs.
 * Each section keeps a first height while its cards come, so the ones below it do not jump.
 */
export function ExploreMore() {
  const ready = usePackMessages();
  const session = useSession();
  if (!ready) return <Box mih={EXPLORE_MORE_HEIGHT} />;
  return (
    <Stack gap="xl">
      <NewCreators />
      <Featured />
      {session && <Suggested />}
      {/* Creators make packs (and the team); anyone else would only be refused. */}
      <Packs mayMake={!!session?.user.has_account || mayAdminister(session, 'discovery.manage')} />
    </Stack>
  );
}
