import type { CursorPageQuery, PostLanguage, Tag, TagHit } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import type { PageAt } from '../../platform/pagination';
import { taggedPage } from '../posts';
import * as repo from './tags.repo';

const toTag = (name: string, row: repo.TagRow | undefined): Tag => ({
  tag: row?.name ?? name,
  posts_count: row?.posts_count ?? 0,
  is_followed: row?.is_followed ?? false,
});

/** A tag's page; a tag nobody used answers empty (a link to it never breaks). */
export async function tagPage(ctx: AppContext, auth: AuthContext | null, name: string, q: CursorPageQuery, at: PageAt) {
  const row = await repo.byName(ctx.db, name, auth?.user.id ?? 0);
  const posts = await taggedPage(ctx, auth, row?.id ?? null, q, at);
  return { data: toTag(name, row), posts: posts.data, meta: posts.meta };
}

export async function follow(ctx: AppContext, auth: AuthContext, name: string): Promise<Tag> {
  await repo.follow(ctx.db, auth.user.id, await repo.ensure(ctx.db, name));
  return toTag(name, await repo.byName(ctx.db, name, auth.user.id));
}

export async function unfollow(ctx: AppContext, auth: AuthContext, name: string): Promise<Tag> {
  const row = await repo.byName(ctx.db, name, auth.user.id);
  if (row) await repo.unfollow(ctx.db, auth.user.id, row.id);
  return toTag(name, row && { ...row, is_followed: false });
}

export const followed = async (ctx: AppContext, auth: AuthContext): Promise<Tag[]> =>
  (await repo.followed(ctx.db, auth.user.id)).map((row) => toTag(row.name, row));

export const trending = async (ctx: AppContext, language?: PostLanguage): Promise<TagHit[]> =>
  (await repo.trending(ctx.db, language)).map((r) => ({ tag: r.name, posts_count: r.posts_count }));
