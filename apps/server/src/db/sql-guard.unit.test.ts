import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pg-proxy';
import { describe, expect, it } from 'vitest';
import { accountUsers, posts } from './schema';
import { selfComparison } from './sql-guard';

const db = drizzle(async () => ({ rows: [] }));

describe('selfComparison', () => {
  it('finds the always-true membership check that drizzle compiles from a single-table select', () => {
    const query = db
      .select({
        id: posts.id,
        member: sql`exists(select 1 from ${accountUsers} where ${accountUsers.account_id} = ${posts.account_id})`,
      })
      .from(posts)
      .where(eq(posts.id, 1))
      .toSQL().sql;
    expect(selfComparison(query)).toBe('"account_id" = "account_id"');
  });

  it('finds qualified and aliased self-comparisons', () => {
    expect(selfComparison('select 1 from a where "a"."id" = "a"."id"')).toBeTruthy();
    expect(selfComparison('select 1 from a x where x.id = x.id and y = 2')).toBeTruthy();
    expect(selfComparison('select 1 where "user_id" <> "user_id"')).toBeTruthy();
  });

  it('passes real comparisons and counter updates', () => {
    expect(selfComparison('select 1 from a where "a"."id" = "b"."a_id"')).toBeUndefined();
    expect(selfComparison('select 1 from a au where au.account_id = p.account_id')).toBeUndefined();
    expect(
      selfComparison('update "posts" set "likes_count" = "likes_count" + 1 where "posts"."id" = $1'),
    ).toBeUndefined();
    expect(selfComparison('update t set "n" = "n" - $1')).toBeUndefined();
    expect(selfComparison('select 1 where "account_id" = "account_ids"')).toBeUndefined();
  });
});
