import { MENTIONS_PER_TEXT_MAX, parseMentions, type Mention } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from './connect';

/**
 * A text's @usernames, resolved (posts and comments both): a creator account anyone may see first, else an
 * activated person who is not suspended; names that are neither stay plain text. At most
 * {@link MENTIONS_PER_TEXT_MAX} per text.
 */
export async function resolveMentions(db: Db | Tx, text: string): Promise<Mention[]> {
  const names = parseMentions(text).slice(0, MENTIONS_PER_TEXT_MAX);
  if (names.length === 0) return [];
  const rows = await queryRows<{ username: string; kind: 'account' | 'user'; id: number }>(
    db as Db,
    sql`select lower(a.username) as username, 'account' as kind, a.id from accounts a
         where lower(a.username) = any(${sql.param(names)}::text[]) and a.approved_status = 'approved' and a.published_status = 'published'
        union all
        select lower(u.username), 'user', u.id from users u
         where lower(u.username) = any(${sql.param(names)}::text[]) and u.email_verified_at is not null and u.suspended_at is null`,
  );
  return names.flatMap((name) => {
    const hit = rows.find((r) => r.username === name && r.kind === 'account') ?? rows.find((r) => r.username === name);
    return hit ? [{ username: name, kind: hit.kind, id: hit.id }] : [];
  });
}
