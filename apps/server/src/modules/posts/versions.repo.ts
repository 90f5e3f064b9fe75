import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import type { PostContent, PostListRow } from './posts.repo';

/** A post's earlier version as stored (`post_versions`). */
export type VersionRow = PostContent & { id: number; written_at: Date | string; created_at: Date | string };

/**
 * Keeps the post as it stands before an edit replaces it, in the edit's transaction: written when the post was
 * published, or at its last edit.
 */
export async function keep(
  tx: Tx,
  row: Pick<
    PostListRow,
    | 'id'
    | 'title'
    | 'content'
    | 'url'
    | 'featured_photo_url'
    | 'featured_photo_alt'
    | 'photos'
    | 'created_at'
    | 'edited_at'
  >,
  editorId: number,
): Promise<void> {
  await tx.execute(
    sql`insert into post_versions (post_id, title, content, url, featured_photo_url, featured_photo_alt, photos,
                                   editor_id, written_at)
        values (${row.id}, ${row.title}, ${row.content}, ${row.url}, ${row.featured_photo_url},
                ${row.featured_photo_alt}, ${JSON.stringify(row.photos ?? [])}::jsonb, ${editorId},
                ${new Date(row.edited_at ?? row.created_at).toISOString()})`,
  );
}

/** A post's earlier versions, newest first (`post_versions_post_idx`). */
export const ofPost = (db: Db, postId: number): Promise<VersionRow[]> =>
  queryRows<VersionRow>(
    db,
    sql`select id, title, content, url, featured_photo_url, featured_photo_alt, photos, written_at, created_at
        from post_versions where post_id = ${postId} order by created_at desc, id desc limit 100`,
  );

/** Deletes one version of the post; whether there was one. */
export async function remove(tx: Tx, postId: number, versionId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx as Db,
    sql`delete from post_versions where id = ${versionId} and post_id = ${postId} returning id`,
  );
  return rows.length > 0;
}
