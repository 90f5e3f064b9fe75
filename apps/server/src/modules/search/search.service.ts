import {
  SEARCH_ALL_OTHERS,
  SEARCH_PAGE_SIZE,
  SUGGEST_MAX,
  encodeSearchCursor,
  normalizeTag,
  words,
  type AccountHit,
  type ParsedQuery,
  type PostHit,
  type PublicUser,
  type SearchResults,
  type Suggestions,
  type TagHit,
  type searchApi,
} from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { teaser } from '../../platform/sanitize';
import { sql } from 'drizzle-orm';
import { isStatementTimeout } from '../../db/errors';
import { highlight } from './highlight';
import * as repo from './search.repo';

type Query = ParsedQuery<typeof searchApi.search>;

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

function toPostHit(row: repo.PostHitRow, q: string): PostHit {
  // A locked post shows its title and teaser only, and so does its snippet.
  const text = row.readable ? row.search_text : [row.title, teaser(row.search_text, false)].filter(Boolean).join('\n');
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: row.title,
    excerpt: row.readable ? row.search_text.slice(0, 160) : (teaser(row.search_text, false) ?? ''),
    highlight: highlight(text, q),
    language: row.language,
    likes_count: row.likes_count,
    comments_count: row.comments_count,
    account: { username: row.username, name: row.name, profile_url: row.profile_url },
    locked: !row.readable,
    created_at: iso(row.created_at),
  };
}

/** The next page's cursor: the last row's score and id, when the page was full. */
function nextCursor(rows: { id: number; score: string }[], limit: number): string | null {
  const last = rows[limit - 1];
  return rows.length > limit && last ? encodeSearchCursor({ score: Number(last.score), id: last.id }) : null;
}

const strip = <T extends { score: string }>({ score: _, ...rest }: T) => rest;

/**
 * Parts of words, within a time budget: a short query inside a very common word would have the trigram index
 * read for every post that has it. Past the budget the page shows the word matches alone.
 */
async function partsOfWords(ctx: AppContext, ask: repo.PostSearch): Promise<repo.PostHitRow[]> {
  try {
    return await ctx.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = ${sql.raw(String(PARTS_BUDGET_MS))}`);
      return repo.searchPosts(tx, ask);
    });
  } catch (err) {
    if (isStatementTimeout(err)) return [];
    throw err;
  }
}

/** What the parts-of-words fallback may take. */
const PARTS_BUDGET_MS = 80;

/**
 * Search in one kind, or in all: the first page of `all` carries a few accounts, people and tags above a page of
 * posts, and pages on through posts.
 */
export async function search(ctx: AppContext, auth: AuthContext, query: Query) {
  const viewer = auth.user.id;
  const type = query.type;
  const q = query.q;
  const tag = normalizeTag(q.replace(/^#/, '').replace(/\s+/g, '_'));
  const results: SearchResults = { accounts: [], posts: [], users: [], tags: [] };
  let next: string | null = null;
  const others = type === 'all' ? (query.before ? 0 : SEARCH_ALL_OTHERS) : SEARCH_PAGE_SIZE;
  const page = <T extends { id: number; score: string }>(rows: T[], limit: number, paged: boolean) => {
    if (paged) next = nextCursor(rows, limit);
    return rows.slice(0, limit);
  };

  const tasks: Promise<void>[] = [];
  if (type === 'all' || type === 'posts')
    tasks.push(
      (async () => {
        const ask = {
          viewer,
          q,
          words: words(q)
            .map((w) => w.word)
            .join(' '),
          language: query.language,
          postType: query.post_type,
          since: query.since,
          before: query.before,
          limit: SEARCH_PAGE_SIZE + 1,
        };
        const byWords = await repo.searchPosts(ctx.db, { ...ask, match: 'words' });
        // Parts of words and typos only when the words leave the page short (they rank below every word match).
        const rows =
          byWords.length > SEARCH_PAGE_SIZE
            ? byWords
            : [
                ...byWords,
                ...(await partsOfWords(ctx, { ...ask, limit: SEARCH_PAGE_SIZE + 1 - byWords.length, match: 'parts' })),
              ];
        results.posts = page(rows, SEARCH_PAGE_SIZE, true).map((r) => toPostHit(r, q));
      })(),
    );
  if ((type === 'all' || type === 'accounts') && others > 0)
    tasks.push(
      repo.searchAccounts(ctx.db, viewer, q, query.before, others + 1).then((rows) => {
        results.accounts = page(rows, others, type === 'accounts').map((r): AccountHit => strip(r));
      }),
    );
  if ((type === 'all' || type === 'users') && others > 0)
    tasks.push(
      repo.searchUsers(ctx.db, viewer, q, query.before, others + 1).then((rows) => {
        results.users = page(rows, others, type === 'users').map((r): PublicUser => strip(r));
      }),
    );
  if ((type === 'all' || type === 'tags') && others > 0 && tag)
    tasks.push(
      repo.searchTags(ctx.db, tag, query.before, others + 1).then((rows) => {
        results.tags = page(rows, others, type === 'tags').map((r): TagHit => ({
          tag: r.name,
          posts_count: r.posts_count,
        }));
      }),
    );
  await Promise.all(tasks);
  return { data: results, meta: { next_cursor: next } };
}

/** Search-as-you-type: accounts, people and tags by the start of their names, at most eight in all. */
export async function suggest(ctx: AppContext, auth: AuthContext, q: string): Promise<Suggestions> {
  const tag = q.startsWith('#') || !q.startsWith('@') ? normalizeTag(q.replace(/^#/, '')) : '';
  const name = q.replace(/^[@#]/, '');
  const found = await repo.suggest(ctx.db, auth.user.id, name, q.startsWith('@') ? '' : tag, 3);
  const tags = found.tags.map((t): TagHit => ({ tag: t.name, posts_count: t.posts_count }));
  const accounts = q.startsWith('#') ? [] : found.accounts;
  const users = q.startsWith('#') ? [] : found.users;
  // Eight in all: accounts first, then people, then tags (a `#` asks for tags, an `@` for names).
  const room = SUGGEST_MAX - Math.min(tags.length, 2);
  const a = accounts.slice(0, Math.min(accounts.length, room - Math.min(users.length, 3)));
  const u = users.slice(0, room - a.length);
  return { accounts: a, users: u, tags: tags.slice(0, SUGGEST_MAX - a.length - u.length) };
}
