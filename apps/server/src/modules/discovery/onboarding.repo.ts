import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';

/** A reader's onboarding row, and the tags they follow (topics too). */

export interface OnboardingRow {
  languages: string[];
  tags: string[];
  done: boolean;
}

export async function find(db: Db, userId: number): Promise<OnboardingRow | undefined> {
  const [row] = await queryRows<OnboardingRow>(
    db,
    sql`select languages, tags, done_at is not null as done from onboarding where user_id = ${userId}`,
  );
  return row;
}

export async function save(
  db: Db,
  userId: number,
  values: { languages: string[]; tags: string[]; done: boolean },
): Promise<OnboardingRow> {
  const [row] = await queryRows<OnboardingRow>(
    db,
    sql`insert into onboarding as o (user_id, languages, tags, done_at)
        values (${userId}, ${sql.param(values.languages)}::text[], ${sql.param(values.tags)}::text[],
                ${values.done ? sql`now()` : sql`null`})
        on conflict (user_id) do update set languages = excluded.languages, tags = excluded.tags,
          done_at = coalesce(o.done_at, excluded.done_at), updated_at = now()
        returning languages, tags, done_at is not null as done`,
  );
  return row!;
}

/** The names of the tags the reader follows: topics as much as those picked in onboarding. */
export async function followedTags(db: Db, userId: number): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select t.name from tag_follows tf join tags t on t.id = tf.tag_id where tf.user_id = ${userId}`,
  );
  return rows.map((r) => r.name);
}
