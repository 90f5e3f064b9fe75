import type { Locale } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connect';
import { accounts, comments, organizations, plans, posts, subscriptions, users } from '../../db/schema';
import { plainText } from '../../platform/sanitize';

/*
 * What notifications say about their subjects, read when the job runs (events carry ids only). A read model
 * for wording, never written here.
 */

/** The one row a query finds, if any (each fact is read by its subject's id). */
async function first<T>(query: { limit(n: number): PromiseLike<T[]> }): Promise<T | undefined> {
  const [row] = await query.limit(1);
  return row;
}

/** The app's own picture, for notifications no person sent. */
export const APP_ICON = '/icons/icon-192.png';

/** A short, single-line piece of text for a notification (characters, not bytes: Burmese and Thai too). */
export function excerpt(text: string | null | undefined, max = 100): string {
  const chars = Array.from((text ?? '').replace(/\s+/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

/** How a post is named in a sentence: its title, else the start of its text. */
export function postName(post: { title: string | null; content: string | null; type: string }, max = 100): string {
  if (post.title) return excerpt(post.title, max);
  return excerpt(post.content ? (post.type === 'post' ? plainText(post.content) : post.content) : '', max);
}

export const person = (tx: Tx, id: number) =>
  first(
    tx.select({ id: users.id, name: users.name, profile_url: users.profile_url }).from(users).where(eq(users.id, id)),
  );

export const post = (tx: Tx, id: number) =>
  first(
    tx
      .select({
        id: posts.id,
        slug: posts.slug,
        title: posts.title,
        content: posts.content,
        type: posts.type,
        author_id: posts.author_id,
        account_id: posts.account_id,
        min_tier_id: posts.min_tier_id,
      })
      .from(posts)
      .where(eq(posts.id, id)),
  );

export const comment = (tx: Tx, id: number) =>
  first(tx.select({ content: comments.content }).from(comments).where(eq(comments.id, id)));

export const account = (tx: Tx, id: number) =>
  first(
    tx
      .select({
        id: accounts.id,
        name: accounts.name,
        username: accounts.username,
        profile_url: accounts.profile_url,
        followers_count: accounts.followers_count,
      })
      .from(accounts)
      .where(eq(accounts.id, id)),
  );

export const organization = (tx: Tx, id: number) =>
  first(
    tx
      .select({ id: organizations.id, name: organizations.name, owner: organizations.user_id })
      .from(organizations)
      .where(eq(organizations.id, id)),
  );

/** A subscription with its plan's name in each language. */
export async function subscription(tx: Tx, id: number) {
  const row = await first(
    tx
      .select({
        id: subscriptions.id,
        status: subscriptions.status,
        provider: subscriptions.provider,
        expires_at: subscriptions.expires_at,
        plan: plans.name,
        translations: plans.translations,
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.plan_id))
      .where(eq(subscriptions.id, id)),
  );
  if (!row) return undefined;
  return {
    ...row,
    trial: row.provider === 'free_trial',
    planName: (locale: Locale) => (locale === 'en' ? row.plan : (row.translations[locale]?.name ?? row.plan)),
  };
}

export { longDate } from '../../platform/i18n';
