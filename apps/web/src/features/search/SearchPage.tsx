import {
  POST_LANGUAGES,
  POST_TYPES,
  SEARCH_ALL_OTHERS,
  SEARCH_SINCE,
  SEARCH_TYPES,
  type SearchResults,
  type SearchType,
} from '@inkwell/contracts';
import { Alert, Button, Group, Input, List, Stack, Tabs, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { useEffect, useId, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { useSearch, type PostFilters } from './api';
import { AccountHitCard, PersonHitCard, PostHitCard } from './hits';
import { useSearchMessages } from './messages';
import { TagPill } from './TagPill';
import { TrendingTags } from './TrendingTags';
import a11y from '../../components/a11y.module.css';
import classes from './search.module.css';

const FILTER_KEYS = ['language', 'post_type', 'since'] as const;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

function Section({ title, children, more }: { title: string; children: ReactNode; more?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="h5" id={id} mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
      {more}
    </section>
  );
}

/** Narrows the posts found: language, type and how recent. Each choice is kept in the address. */
function PostFiltersBar({ filters, onChange }: { filters: PostFilters; onChange: (key: string, v: string) => void }) {
  const { t } = useTranslation();
  // The phone's own pickers, as compose and comments have them: neither a positioning engine nor Mantine's
  // NativeSelect (compose's, which would become a file of its own for both screens).
  const select = (key: (typeof FILTER_KEYS)[number], label: string, any: string, values: readonly string[]) => (
    <Input.Wrapper key={key} label={label} size="sm" style={{ flex: '1 1 140px' }} id={`search-${key}`}>
      <Input
        component="select"
        id={`search-${key}`}
        size="sm"
        pointer
        value={filters[key] ?? ''}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(key, event.currentTarget.value)}
        rightSection={<IconChevronDown size={14} aria-hidden />}
        rightSectionPointerEvents="none"
      >
        <option value="">{any}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {t(
              key === 'language'
                ? `search.languages.${value}`
                : key === 'post_type'
                  ? `posts.types.${value}`
                  : `search.since_values.${value}`,
            )}
          </option>
        ))}
      </Input>
    </Input.Wrapper>
  );
  return (
    <Group gap="xs" align="end" role="group" aria-label={t('search.filters')}>
      {select('language', t('search.language'), t('search.any_language'), POST_LANGUAGES)}
      {select('post_type', t('posts.type'), t('search.any_type'), POST_TYPES)}
      {select('since', t('search.since'), t('search.any_time'), SEARCH_SINCE)}
    </Group>
  );
}

/** Nothing found: what to try, and the tags people write about now. */
function NoResults({ q, filtered, onClear }: { q: string; filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <EmptyState
        icon={<IconSearch size={32} />}
        title={t('search.none_title', { q })}
        body={t('search.none_body')}
        action={
          <Stack gap="xs" align="center">
            <List size="sm" ta="start">
              {filtered && <List.Item>{t('search.none_filtered')}</List.Item>}
              <List.Item>{t('search.tip_spelling')}</List.Item>
              <List.Item>{t('search.tip_fewer')}</List.Item>
              <List.Item>{t('search.tip_trending')}</List.Item>
            </List>
            {filtered && (
              <Button variant="light" onClick={onClear}>
                {t('search.clear_filters')}
              </Button>
            )}
          </Stack>
        }
      />
      <TrendingTags />
    </Stack>
  );
}

const countOf = (data: SearchResults) =>
  data.accounts.length + data.posts.length + data.users.length + data.tags.length;

/**
 * One tab's results, page by page as the end comes into view (or with Load more). With `all`, the first page's few
 * accounts, people and tags stand above the posts, each with a way to its own tab.
 */
function Results({
  q,
  type,
  filters,
  onTab,
  onClearFilters,
}: {
  q: string;
  type: SearchType;
  filters: PostFilters;
  onTab: (type: SearchType) => void;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation();
  const results = useSearch(q, type, filters);
  const { ref, entry } = useIntersection({ rootMargin: '400px' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results;
  useEffect(() => {
    if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [entry?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (results.isPending) return <PageLoader />;
  if (results.isError) {
    return (
      <Alert color="red" title={errorMessage(results.error)}>
        <Button variant="light" color="red" onClick={() => void results.refetch()}>
          {t('search.try_again')}
        </Button>
      </Alert>
    );
  }
  const pages = results.data.pages.map((page) => page.data);
  const first = pages[0]!;
  if (pages.every((page) => countOf(page) === 0)) {
    const filtered = (type === 'all' || type === 'posts') && FILTER_KEYS.some((key) => filters[key]);
    return <NoResults q={q} filtered={filtered} onClear={onClearFilters} />;
  }
  // With `all`, a full handful of a kind may have more behind it: its tab lists them all.
  const seeAll = (kind: 'accounts' | 'users' | 'tags') =>
    type === 'all' &&
    first[kind].length >= SEARCH_ALL_OTHERS && (
      <Button variant="subtle" size="sm" mt={4} onClick={() => onTab(kind)}>
        {t(`search.see_all.${kind}`)}
      </Button>
    );
  // With `all`, later pages bring posts only.
  const accounts = type === 'all' ? first.accounts : pages.flatMap((page) => page.accounts);
  const users = type === 'all' ? first.users : pages.flatMap((page) => page.users);
  const tags = type === 'all' ? first.tags : pages.flatMap((page) => page.tags);
  const posts = pages.flatMap((page) => page.posts);

  return (
    <Stack gap="lg">
      {accounts.length > 0 && (
        <Section title={t('search.tabs.accounts')} more={seeAll('accounts')}>
          {accounts.map((hit) => (
            <AccountHitCard key={hit.id} hit={hit} />
          ))}
        </Section>
      )}
      {users.length > 0 && (
        <Section title={t('search.tabs.users')} more={seeAll('users')}>
          {users.map((user) => (
            <PersonHitCard key={user.id} user={user} />
          ))}
        </Section>
      )}
      {tags.length > 0 && (
        <Section title={t('search.tabs.tags')} more={seeAll('tags')}>
          <Group gap="xs">
            {tags.map((hit) => (
              <TagPill key={hit.tag} hit={hit} />
            ))}
          </Group>
        </Section>
      )}
      {posts.length > 0 && (
        <Section title={t('search.tabs.posts')}>
          {posts.map((hit) => (
            <PostHitCard key={hit.id} hit={hit} />
          ))}
        </Section>
      )}
      <div ref={ref} />
      {hasNextPage && (
        <Button variant="light" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
          {t('posts.load_more')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * What the header's search box found (`?q=`), by kind in tabs (`?type=`), posts narrowed by language, type and date
 * (`?language=`, `?post_type=`, `?since=`): every choice is in the address, to share or come back to. With nothing
 * asked, the tags people write about now.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const ready = useSearchMessages();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const type = oneOf(SEARCH_TYPES, params.get('type')) ?? 'all';
  const filters: PostFilters = {
    language: oneOf(POST_LANGUAGES, params.get('language')),
    post_type: oneOf(POST_TYPES, params.get('post_type')),
    since: oneOf(SEARCH_SINCE, params.get('since')),
  };
  const change = (key: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const clearFilters = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        FILTER_KEYS.forEach((key) => next.delete(key));
        return next;
      },
      { replace: true },
    );

  if (!ready) return <PageLoader />;
  if (!q) {
    return (
      <Stack gap="lg">
        <Title order={1} className={a11y.hidden}>
          {t('titles.search')}
        </Title>
        <EmptyState icon={<IconSearch size={32} />} title={t('search.start_title')} body={t('search.start_body')} />
        <TrendingTags />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t('search.results_for', { q })}
      </Title>
      <Tabs
        value={type}
        onChange={(v) => change('type', v === 'all' ? undefined : (v ?? undefined))}
        keepMounted={false}
      >
        {/* One row that scrolls sideways on a narrow screen; a label never wraps or breaks. */}
        <Tabs.List className={classes.tabs}>
          {SEARCH_TYPES.map((kind) => (
            <Tabs.Tab key={kind} value={kind}>
              {t(`search.tabs.${kind}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SEARCH_TYPES.map((kind) => (
          <Tabs.Panel key={kind} value={kind} pt="md">
            <Stack gap="md">
              {(kind === 'all' || kind === 'posts') && <PostFiltersBar filters={filters} onChange={change} />}
              <Results
                q={q}
                type={kind}
                filters={filters}
                onTab={(next) => change('type', next)}
                onClearFilters={clearFilters}
              />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
