import type { CursorPaged, Post } from '@inkwell/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { memo, startTransition, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { hasImage } from './PostBody';
import { PostCard } from './PostCard';
import { PageLoader } from '../../components/PageLoader';

/** What a phone's first screen shows of a list: only an image among these is likely on it. */
const FIRST_SCREEN_POSTS = 3;
/** The rest of a page follow this many at a time, each step a short task of its own. */
const STEP_POSTS = 2;

/** A card drawn once: adding cards below it does not draw it again. */
const ListedCard = memo(PostCard);

/**
 * Posts page by page: the next page loads while there is one (`meta.next_cursor`) — on its own as the
 * end comes into view, or with the Load more button (also the fallback without IntersectionObserver).
 * `priorityImage`: the first image on the first screen is the page's largest paint (off when the page shows
 * a larger one above the list).
 */
export function PostList({
  query,
  empty,
  autoLoad = true,
  priorityImage = true,
}: {
  query: UseInfiniteQueryResult<InfiniteData<CursorPaged<Post>>>;
  empty: ReactNode;
  autoLoad?: boolean;
  priorityImage?: boolean;
}) {
  const { t } = useTranslation();
  const { ref, entry } = useIntersection({ rootMargin: '400px' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const posts = query.data?.pages.flatMap((p) => p.data) ?? [];
  // The first screen's cards render (and paint) first, the rest right after, a few at a time as transitions:
  // a slow phone shows the first posts sooner, and no step is a task long enough for a tap to wait behind (the
  // whole page in one step made one: its cards are put in the page, and their effects run, all at once).
  const [shown, setShown] = useState(FIRST_SCREEN_POSTS);
  const partial = posts.length > shown;
  useEffect(() => {
    if (partial) startTransition(() => setShown((count) => count + STEP_POSTS));
  }, [partial, shown]);
  useEffect(() => {
    if (autoLoad && !partial && entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [autoLoad, partial, entry?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return <PageLoader />;
  }
  if (query.isError) return <Text c="red">{errorMessage(query.error)}</Text>;
  if (posts.length === 0) return <>{empty}</>;
  const lead = priorityImage ? posts.slice(0, FIRST_SCREEN_POSTS).findIndex(hasImage) : -1;
  return (
    <Stack gap="md">
      {(partial ? posts.slice(0, shown) : posts).map((post, index) => (
        <ListedCard key={post.id} post={post} priority={index === lead} />
      ))}
      {!partial && <div ref={ref} />}
      {!partial && hasNextPage && (
        <Button variant="light" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
          {t('posts.load_more')}
        </Button>
      )}
    </Stack>
  );
}
