import { TRENDING_MAX, TRENDING_WINDOW_HOURS, type PostLanguage } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';

export interface TagRow {
  id: number;
  name: string;
  posts_count: number;
  is_followed: boolean;
}

/** A tag by its (normalised) name, with whether the viewer follows it. */
export async function byName(db: Db, name: string, viewer: number): Promise<TagRow | undefined> {
  const [row] = await queryRows<TagRow>(
    db,
    sql`select t.id, t.name, t.posts_count,
          exists (select 1 from tag_follows f where f.tag_id = t.id and f.user_id = ${viewer}) as is_followed
        from tags t where t.name = ${name}`,
  );
  return row;
}

/** Makes the tag if nobody used it yet (one may follow a tag before its first post), and answers its id. */
export async function ensure(db: Db, name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`with made as (insert into tags (name) values (${name}) on conflict (name) do nothing returning id)
        select id from made union all select id from tags where name = ${name} limit 1`,
  );
  return row!.id;
}

export async function follow(db: Db, viewer: number, tagId: number): Promise<void> {
  await db.execute(sql`insert into tag_follows (user_id, tag_id) values (${viewer}, ${tagId}) on conflict do nothing`);
}

export async function unfollow(db: Db, viewer: number, tagId: number): Promise<void> {
  await db.execute(sql`delete from tag_follows where user_id = ${viewer} and tag_id = ${tagId}`);
}

export async function followed(db: Db, viewer: number): Promise<TagRow[]> {
  return queryRows<TagRow>(
    db,
    sql`select t.id, t.name, t.posts_count, true as is_followed
        from tag_follows f join tags t on t.id = f.tag_id where f.user_id = ${viewer}
        order by t.name`,
  );
}

/**
 * The tags of the most posts anyone may see from the last day (`post_tags_recent_idx`), in one language or all.
 */
export async function trending(db: Db, language?: PostLanguage) {
  return queryRows<{ name: string; posts_count: number }>(
    db,
    sql`select t.name, count(*)::int as posts_count
        from post_tags pt
        join posts p on p.id = pt.post_id
        join tags t on t.id = pt.tag_id
        where pt.created_at > now() - ${`${TRENDING_WINDOW_HOURS} hours`}::interval and p.visible
          ${language ? sql`and p.language = ${language}` : sql``}
        group by t.id, t.name
        order by count(*) desc, t.name
        limit ${TRENDING_MAX}`,
  );
}
