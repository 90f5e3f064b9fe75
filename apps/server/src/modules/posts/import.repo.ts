import type { PostType } from '@inkwell/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { accountUsers, mediaFiles } from '../../db/schema';

type Conn = Db | Tx;

/** Whether the person is one of the account's people (any role). */
export async function isMember(db: Conn, accountId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: accountUsers.user_id })
    .from(accountUsers)
    .where(and(eq(accountUsers.account_id, accountId), eq(accountUsers.user_id, userId)));
  return rows.length > 0;
}

/** The person's uploads among these storage keys, with their kind and status (one query for a whole file). */
export async function uploadsOf(
  db: Conn,
  userId: number,
  keys: string[],
): Promise<Map<string, { kind: string; status: string }>> {
  const found = new Map<string, { kind: string; status: string }>();
  // Bounded lists per statement: a file of covers must not become one statement with 20,000 parameters.
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await db
      .select({ key: mediaFiles.output_key, kind: mediaFiles.kind, status: mediaFiles.status })
      .from(mediaFiles)
      .where(and(eq(mediaFiles.user_id, userId), inArray(mediaFiles.output_key, keys.slice(i, i + 1000))));
    for (const row of rows) if (row.key) found.set(row.key, { kind: row.kind, status: row.status });
  }
  return found;
}

export interface ImportedRow {
  slug: string;
  title: string | null;
  content: string | null;
  url: string | null;
  featured_photo_alt: string | null;
  search_text: string;
  /** ISO 8601; null dates the post now. */
  created_at: string | null;
}

/**
 * One multi-row insert of rows sharing their account, author, type and visibility: each column travels as one
 * array parameter (`unnest`), so a batch of hundreds is one short statement. Rows whose slug is taken (by an
 * existing post) are skipped, not failed, so the caller can give them a fresh suffix. Answers the slugs written
 * and their posts' ids.
 */
export async function insertMany(
  db: Conn,
  common: { account_id: number; author_id: number; type: PostType; visible: boolean },
  rows: ImportedRow[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const column = <K extends keyof ImportedRow>(key: K) => sql.param(rows.map((r) => r[key]));
  const written = await queryRows<{ slug: string; id: number }>(
    db as Db,
    sql`insert into posts (account_id, author_id, type, visible, slug, title, content, url, featured_photo_alt,
                           search_text, created_at, updated_at)
        select ${common.account_id}, ${common.author_id}, ${common.type}, ${common.visible},
               r.slug, r.title, r.content, r.url, r.featured_photo_alt, r.search_text, coalesce(r.created_at, now()),
               coalesce(r.created_at, now())
        from unnest(${column('slug')}::text[], ${column('title')}::text[], ${column('content')}::text[],
                    ${column('url')}::text[], ${column('featured_photo_alt')}::text[], ${column('search_text')}::text[],
                    ${column('created_at')}::timestamptz[])
             as r(slug, title, content, url, featured_photo_alt, search_text, created_at)
        on conflict (slug) do nothing
        returning slug, id`,
  );
  return new Map(written.map((r) => [r.slug, r.id]));
}
