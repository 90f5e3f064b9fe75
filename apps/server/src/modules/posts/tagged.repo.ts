import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import {
  decorate,
  inLists,
  int,
  keyOf,
  listPage,
  listRows,
  pageOf,
  type Counted,
  type ListPage,
  type ListWindow,
  type PostListRow,
} from './posts.repo';

/** Posts by their #tags: a tag's page, and the tags a reader follows (merged into the followed feed). */

/**
 * A tag's posts anyone may see, newest first, read down `post_tags_page_idx` (the post's time is kept beside the
 * tag); `extra` narrows them (the followed tags of a feed).
 */
export const taggedQuery = (viewer: number, tags: SQL, window: ListWindow): SQL => {
  const key = keyOf(window.before);
  return decorate(
    viewer,
    sql`select p.* from posts p where p.id in (
          select pt.post_id from post_tags pt where pt.tag_id in (${tags})
            and (pt.created_at, pt.post_id) < (${key.at}::timestamptz, ${key.id}::int)
          order by pt.created_at desc, pt.post_id desc limit ${int(window.limit + window.offset + 50)})
        and p.visible and ${inLists(viewer, 'p')}
        order by p.created_at desc, p.id desc ${pageOf(window)}`,
    sql`null::int`,
  );
};

/** One tag's posts (a tag page). */
export async function taggedPosts(db: Db, viewer: number, tagId: number, window: ListWindow): Promise<ListPage> {
  const rows = await listRows<Counted>(db, window, taggedQuery(viewer, sql`${tagId}::int`, window));
  return listPage(rows, window, async () => {
    const [row] = await queryRows<{ n: number }>(db, sql`select posts_count as n from tags where id = ${tagId}`);
    return row?.n ?? 0;
  });
}

/** The posts of the tags the viewer follows, newest first (they join the followed feed). */
export async function followedTagPosts(db: Db, viewer: number, window: ListWindow): Promise<PostListRow[]> {
  return queryRows<PostListRow>(
    db,
    taggedQuery(viewer, sql`select tf.tag_id from tag_follows tf where tf.user_id = ${viewer}`, window),
  );
}
