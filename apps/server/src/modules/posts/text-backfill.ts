import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import { TEXT_VERSION } from '../../db/schema';
import { convertStoredTexts } from '../../db/text-backfill';
import type { AppContext } from '../../platform/context';
import type { JobQueueSettings } from '../../platform/jobs/queue';
import { toUnicode } from '../../platform/text/zawgyi';
import type { PostContent } from './posts.repo';
import { postText, syncPostTags } from './post-text';

/*
 * The `text.backfill` job: posts written before the current text rules (their `text_version`) get them — Zawgyi
 * converted, then their words, language, tags and mentions worked out — and the other tables' stored text is
 * converted once (db/text-backfill.ts). Idempotent: a post is rewritten with its version in one transaction, so a
 * killed worker's batch is simply done again. Mentions found this way tell nobody: they are old news.
 */

const BATCH = 200;

export const textBackfillQueues = {
  'text.backfill': { schedule: '*/10 * * * *' },
} satisfies JobQueueSettings;

const fix = (text: string | null) => (text === null ? null : toUnicode(text).text);

export async function backfillTexts(ctx: AppContext, maxBatches = 50): Promise<{ posts: number; rows: number }> {
  let done = 0;
  for (let i = 0; i < maxBatches; i++) {
    const rows = await queryRows<PostContent & { id: number }>(
      ctx.db as Db,
      sql`select id, title, content, url, featured_photo_url, featured_photo_alt, photos from posts
          where text_version < ${TEXT_VERSION} order by id limit ${BATCH}`,
    );
    for (const row of rows) {
      const post = {
        ...row,
        title: fix(row.title),
        content: fix(row.content),
        photos: (row.photos ?? []).map((p) => ({ ...p, caption: fix(p.caption) ?? '' })),
      };
      const text = await postText(ctx.db, post);
      await ctx.transaction(async (tx) => {
        await tx.execute(sql`update posts set title = ${post.title}, content = ${post.content},
          photos = ${JSON.stringify(post.photos)}::jsonb, search_text = ${text.search_text},
          search_vector = ${text.search_vector}, language = ${text.language}, tags = ${sql.param(text.tags)}::text[],
          mentions = ${JSON.stringify(text.mentions)}::jsonb, text_version = ${text.text_version}
          where id = ${row.id}`);
        await syncPostTags(tx, row.id, text.tags);
      });
    }
    done += rows.length;
    if (rows.length < BATCH) break;
  }
  const rows = await convertStoredTexts(ctx.db as Db, (text) => {
    const next = toUnicode(text);
    return next.zawgyi ? next.text : null;
  });
  if (done || rows) ctx.log.info({ posts: done, rows }, 'stored text brought up to date');
  return { posts: done, rows };
}
