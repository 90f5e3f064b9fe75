import { sql, type SQL } from 'drizzle-orm';

/*
 * Who reads a members-only post: the one condition every read path asks (the posts' decorated columns, the
 * comments' post facts). A post is members-only when it names a tier (`min_tier_id`); its account's members read
 * it when their pass has not ended and their tier ranks at or above it (`position`). The account's own people
 * and administrators are let in by the posts policy, not here.
 */

/** The pass statuses that still open members-only posts (grace included: the member may still renew). */
export const LIVE_MEMBERSHIP = sql.raw(`('active', 'grace', 'stopped')`);

/** Whether the viewer may read the post under `post` (an alias) as far as memberships go. */
export const unlockedSql = (viewer: number, post: string): SQL => {
  const p = sql.raw(post);
  if (viewer === 0) return sql`(${p}.min_tier_id is null)`;
  return sql`(${p}.min_tier_id is null or exists (
    select 1 from memberships m join membership_tiers mt on mt.id = m.tier_id
    where m.user_id = ${viewer} and m.account_id = ${p}.account_id and m.status in ${LIVE_MEMBERSHIP}
      and mt.position >= (select rt.position from membership_tiers rt where rt.id = ${p}.min_tier_id)))`;
};
