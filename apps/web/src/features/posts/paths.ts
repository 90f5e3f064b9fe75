import type { Post } from '@inkwell/contracts';

/** A post's page, by its slug (Burmese and Thai slugs are percent-encoded in the address). */
export const postPath = (post: Pick<Post, 'slug'>) => `/posts/${encodeURIComponent(post.slug)}`;
