import { SEARCH_MAX_RESULTS, type AccountHit, type PublicUser } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import { unlockedSql } from '../../db/members-only';
import { teaser } from '../../platform/sanitize';
import { blockedAccountSql, mutedAccountSql, unblockedUserSql, visiblePostSql } from '../../db/safety';
import { publicAccountSql } from '../accounts';

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Activated people whose name or username contains the words, best match first, but nobody in a block with
 * the viewer. Substring matching (trigram-indexed) finds Burmese and Thai names, which have no spaces between
 * words.
 */
export async function searchUsers(db: Db, viewer: number, q: string): Promise<PublicUser[]> {
  const pattern = likePattern(q);
  return queryRows<PublicUser>(
    db,
    sql`
    select id, name, username, profile_url
    from users
    where email_verified_at is not null and ${unblockedUserSql(viewer, 'users.id')}
      and (name ilike ${pattern} or username ilike ${pattern})
    order by greatest(similarity(name, ${q}), similarity(username, ${q})) desc, id
    limit ${SEARCH_MAX_RESULTS}`,
  );
}

/**
 * Creator accounts anyone may see (accounts.policy.ts) by name, username or description; not those the viewer
 * muted, nor those run by someone in a block with them.
 */
export async function searchAccounts(db: Db, viewer: number, q: string): Promise<AccountHit[]> {
  const pattern = likePattern(q);
  return queryRows<AccountHit>(
    db,
    sql`
    select id, username, name, description, profile_url, followers_count
    from accounts
    where ${publicAccountSql('accounts')}
      and not ${blockedAccountSql(viewer, 'accounts.id')} and not ${mutedAccountSql(viewer, 'accounts.id')}
      and (name || ' ' || username || ' ' || description) ilike ${pattern}
    order by similarity(name || ' ' || username || ' ' || description, ${q}) desc, followers_count desc, id
    limit ${SEARCH_MAX_RESULTS}`,
  );
}

interface PostHitRow {
  id: number;
  slug: string;
  type: string;
  title: string | null;
  search_text: string;
  username: string;
  name: string;
  profile_url: string | null;
  created_at: Date | string;
  readable: boolean;
}

/**
 * Posts anyone may see (`posts.visible`: published on a public account) whose words match (full-text, 'simple' configuration) or whose text contains the query
 * (trigram-indexed substring: Burmese and Thai run words together), newest first; not what the viewer
 * blocked or muted (db/safety.ts).
 */
export async function searchPosts(db: Db, viewer: number, q: string) {
  const readable = sql`(${unlockedSql(viewer, 'p')}
    or exists (select 1 from account_users au where au.account_id = p.account_id and au.user_id = ${viewer}))`;
  const rows = await queryRows<PostHitRow>(
    db,
    sql`
    select p.id, p.slug, p.type, p.title, p.search_text, a.username, a.name, a.profile_url, p.created_at,
           ${readable} as readable
    from posts p join accounts a on a.id = p.account_id
    where p.visible and ${visiblePostSql(viewer, { post: 'p', mutes: true })}
      and (to_tsvector('simple', p.search_text) @@ plainto_tsquery('simple', ${q}) or p.search_text ilike ${likePattern(q)})
      -- A members-only post the viewer may not read is found by its title only: its words are its members'.
      and (${readable} or coalesce(p.title, '') ilike ${likePattern(q)}
           or to_tsvector('simple', coalesce(p.title, '')) @@ plainto_tsquery('simple', ${q}))
    order by p.created_at desc, p.id desc
    limit ${SEARCH_MAX_RESULTS}`,
  );
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    type: r.type,
    title: r.title,
    excerpt: r.readable ? r.search_text.slice(0, 160) : (teaser(r.search_text, false) ?? ''),
    account: { username: r.username, name: r.name, profile_url: r.profile_url },
    created_at: (typeof r.created_at === 'string' ? new Date(r.created_at) : r.created_at).toISOString(),
  }));
}
