import { TAGS_PER_POST_MAX, languageOf, parseTags, words, type Mention, type PostLanguage } from '@inkwell/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { resolveMentions } from '../../db/mentions';
import { TEXT_VERSION } from '../../db/schema';
import { plainText } from '../../platform/sanitize';
import type { Normalised } from './posts.fields';

/*
 * What a post's text gives besides itself, worked out whenever it is written (and by the backfill for posts
 * written before): the words search matches, its language, its #tags and its @mentions.
 */

/** Words are what `Intl.Segmenter` finds, joined by spaces, so PostgreSQL's `simple` parser splits them back. */
export const joinedWords = (text: string | null | undefined) =>
  text
    ? words(text)
        .map((w) => w.word)
        .join(' ')
    : '';

/** The title's words weigh more (A) than the rest's (B) when ranked; a locked post is matched on A only. */
export const searchVectorSql = (title: string | null, rest: string): SQL =>
  sql`setweight(to_tsvector('simple', ${joinedWords(title)}), 'A') || setweight(to_tsvector('simple', ${joinedWords(rest)}), 'B')`;

export interface PostText {
  search_text: string;
  search_vector: SQL;
  language: PostLanguage;
  tags: string[];
  mentions: Mention[];
  text_version: number;
}

/** The derived columns of a post as written (`text`: the content's plain text when the caller has it). */
export async function postText(db: Db | Tx, p: Normalised, text = p.content ? plainText(p.content) : null) {
  const captions = p.photos.map((x) => x.caption).filter(Boolean);
  const rest = [text, ...captions].filter(Boolean).join('\n');
  const all = [p.title, rest].filter(Boolean).join('\n');
  return {
    search_text: all.slice(0, 20_000),
    search_vector: searchVectorSql(p.title, rest.slice(0, 20_000)),
    // Tags, mentions and links are often Latin in any language: the words around them tell it.
    language: languageOf(all.replace(/[#@]\S+|https?:\/\/\S+/g, ' ')),
    tags: parseTags(all).slice(0, TAGS_PER_POST_MAX),
    mentions: await resolveMentions(db, all),
    text_version: TEXT_VERSION,
  } satisfies PostText;
}

/**
 * Makes `post_tags` say what the post's `tags` say, in the transaction that wrote them: new tags are made, gone
 * ones let go (a trigger keeps each tag's count).
 */
export async function syncPostTags(tx: Tx, postId: number, names: string[]): Promise<void> {
  await tx.execute(sql`delete from post_tags where post_id = ${postId} and tag_id not in
    (select id from tags where name = any(${sql.param(names)}::text[]))`);
  if (names.length === 0) return;
  await tx.execute(
    sql`insert into tags (name) select unnest(${sql.param(names)}::text[]) on conflict (name) do nothing`,
  );
  await tx.execute(sql`insert into post_tags (post_id, tag_id, created_at)
    select ${postId}, t.id, p.created_at from tags t, posts p where t.name = any(${sql.param(names)}::text[]) and p.id = ${postId}
    on conflict do nothing`);
}
