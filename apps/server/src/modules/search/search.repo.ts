import { SEARCH_MAX_RESULTS, type PublicUser } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Activated people whose name or username contains the words, best match first. Substring matching
 * (trigram-indexed) finds Burmese and Thai names, which have no spaces between words.
 */
export async function searchUsers(db: Db, q: string): Promise<PublicUser[]> {
  const pattern = likePattern(q);
  return queryRows<PublicUser>(
    db,
    sql`
    select id, name, username, profile_url
    from users
    where email_verified_at is not null
      and (name ilike ${pattern} or username ilike ${pattern})
    order by greatest(similarity(name, ${q}), similarity(username, ${q})) desc, id
    limit ${SEARCH_MAX_RESULTS}`,
  );
}
