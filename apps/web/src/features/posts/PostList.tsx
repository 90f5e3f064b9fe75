import type { CursorPaged, Post } from '@inkwell/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { hasImage } from './PostBody';
import { PostCard } from './PostCard';
import { PageLoader } from '../../components/PageLoader';

/** Only an image among the first few posts is likely on the first screen. */
const FIRST_SCREEN_POSTS = 3;

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
  useEffect(() => {
    if (autoLoad && entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [autoLoad, entry?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return <PageLoader />;
  }
  if (query.isError) return <Text c="red">{errorMessage(query.error)}</Text>;
  const posts = query.data.pages.flatMap((p) => p.data);
  if (posts.length === 0) return <>{empty}</>;
  const lead = priorityImage ? posts.slice(0, FIRST_SCREEN_POSTS).findIndex(hasImage) : -1;
  return (
    <Stack gap="md">
      {posts.map((post, index) => (
        <PostCard key={post.id} post={post} priority={index === lead} />
      ))}
      <div ref={ref} />
      {hasNextPage && (
        <Button variant="light" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
          {t('posts.load_more')}
        </Button>
      )}
    </Stack>
  );
}
