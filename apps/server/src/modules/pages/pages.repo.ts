import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import { teaser } from '../../platform/sanitize';
import { publicAccountSql } from '../accounts';
import type { PostListRow } from '../posts';

/*
 * What guests and crawlers may read outside the API: only what anyone may see. A post's `visible` is the posts
 * policy's rule for a guest (published, on an approved and published account: posts.policy.ts, kept in the row
 * by db/visibility.ts); an account's is the accounts policy's `publicAccountSql`.
 */

export type PreviewPost = Pick<
  PostListRow,
  | 'slug'
  | 'type'
  | 'title'
  | 'content'
  | 'url'
  | 'featured_photo_url'
  | 'featured_photo_alt'
  | 'photos'
  | 'account_name'
  | 'account_username'
  | 'account_profile_url'
>;

/**
 * A post anyone may read, by its slug (`posts_slug_key`). A members-only one is described as a guest sees it:
 * its title and teaser, none of its media.
 */
export async function publicPost(db: Db, slug: string): Promise<PreviewPost | undefined> {
  const [row] = await queryRows<PreviewPost & { min_tier_id: number | null; blurred_cover: string | null }>(
    db,
    sql`select p.slug, p.type, p.title, p.content, p.url, p.featured_photo_url, p.featured_photo_alt, p.photos,
               p.min_tier_id,
               p.blurred_cover,
               a.name as account_name, a.username as account_username, a.profile_url as account_profile_url
        from posts p join accounts a on a.id = p.account_id
        where p.slug = ${slug} and p.visible`,
  );
  if (!row || row.min_tier_id === null) return row;
  return {
    ...row,
    type: 'status',
    content: teaser(row.content, row.type === 'post'),
    url: null,
    // The blurred copy stands for the cover in link previews too.
    featured_photo_url: row.blurred_cover,
    featured_photo_alt: null,
    photos: [],
  };
}

/** The slug of a post anyone may read, by its id (the primary key): what a short link redirects to. */
export async function publicSlug(db: Db, id: number): Promise<string | undefined> {
  const [row] = await queryRows<{ slug: string }>(db, sql`select p.slug from posts p where p.id = ${id} and p.visible`);
  return row?.slug;
}

export interface PreviewAccount {
  name: string;
  username: string;
  description: string;
  profile_url: string | null;
  banner_url: string | null;
}

/** An account anyone may see, by its username (case-insensitive, as the API finds it). */
export async function publicAccount(db: Db, username: string): Promise<PreviewAccount | undefined> {
  const [row] = await queryRows<PreviewAccount>(
    db,
    sql`select a.name, a.username, a.description, a.profile_url, a.banner_url from accounts a
        where lower(a.username) = ${username.toLowerCase()} and ${publicAccountSql('a')}`,
  );
  return row;
}

/**
 * Sitemap files split the id space into fixed blocks: each is one range scan of a primary key, at most
 * `SITEMAP_BLOCK` rows whatever is asked, and the index lists the blocks up to the largest id (read from the end
 * of the same key).
 */
export const SITEMAP_BLOCK = 10_000;
/** The index names at most this many blocks of each kind (the protocol's cap is 50 000 files). */
export const SITEMAP_MAX_BLOCKS = 5_000;

export type SitemapKind = 'accounts' | 'posts';

/** How many blocks of each kind exist: the largest id over the block size. */
export async function blockCounts(db: Db): Promise<Record<SitemapKind, number>> {
  const [row] = await queryRows<{ posts: number | null; accounts: number | null }>(
    db,
    sql`select (select max(id) from posts) as posts, (select max(id) from accounts) as accounts`,
  );
  const blocks = (max: number | null) => Math.min(SITEMAP_MAX_BLOCKS, Math.ceil((max ?? 0) / SITEMAP_BLOCK));
  return { posts: blocks(row?.posts ?? null), accounts: blocks(row?.accounts ?? null) };
}

export interface SitemapEntry {
  key: string;
  updated_at: string;
}

/** A timestamp column as the sitemap protocol writes dates (W3C, UTC). */
const w3c = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/** The public posts or accounts whose ids fall in the block (`block` 0 holds ids 1 to SITEMAP_BLOCK). */
export async function sitemapBlock(db: Db, kind: SitemapKind, block: number): Promise<SitemapEntry[]> {
  const from = block * SITEMAP_BLOCK + 1;
  const to = (block + 1) * SITEMAP_BLOCK;
  const query =
    kind === 'posts'
      ? sql`select p.slug as key, ${w3c('p.updated_at')} as updated_at from posts p
            where p.id between ${from} and ${to} and p.visible and p.min_tier_id is null order by p.id`
      : sql`select a.username as key, ${w3c('a.updated_at')} as updated_at from accounts a
            where a.id between ${from} and ${to} and ${publicAccountSql('a')} order by a.id`;
  return queryRows<SitemapEntry>(db, query);
}
