import type { Paged, Post } from '@inkwell/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { PostCard } from './PostCard';
import { PageLoader } from '../../components/PageLoader';

/**
 * Posts page by page: the next page loads while `current_page` is below `last_page` — on its own as the
 * end comes into view, or with the Load more button (also the fallback without IntersectionObserver).
 */
export function PostList({
  query,
  empty,
  autoLoad = true,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Paged<Post>>>;
  empty: ReactNode;
  autoLoad?: boolean;
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
  return (
    <Stack gap="md">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
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
