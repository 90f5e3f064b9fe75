import type { Post } from '@inkwell/contracts';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/client';
import { NotFound, isNotFound } from '../../components/NotFound';
import { PageLoader } from '../../components/PageLoader';
import { usePost } from './api';

/** A screen about one post, drawn once the post is in: the loader until then, else not found or the error. */
export function WithPost({ slug, children }: { slug: string; children: (post: Post) => ReactNode }) {
  const post = usePost(slug);
  if (post.isPending) {
    return <PageLoader />;
  }
  if (post.isError)
    return isNotFound(post.error) ? <NotFound /> : <Alert color="red">{errorMessage(post.error)}</Alert>;
  return children(post.data.data);
}
