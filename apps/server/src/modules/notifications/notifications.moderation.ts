import { isLocale, type DomainEventOf } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connect';
import { posts } from '../../db/schema';
import { t } from '../../platform/i18n';
import { plainText } from '../../platform/sanitize';
import { accountOwners, localesOf, notify } from './notifications.repo';

type ModerationEvent = DomainEventOf<'post.rejected'> | DomainEventOf<'post.restored'>;

/** How a post is named in a sentence: its title, else the start of its text. */
function nameOf(post: { title: string | null; content: string | null; type: string }): string {
  if (post.title) return post.title;
  const text = post.content ? (post.type === 'post' ? plainText(post.content) : post.content).trim() : '';
  const chars = Array.from(text.replace(/\s+/g, ' '));
  return chars.length > 60 ? `${chars.slice(0, 60).join('')}…` : text;
}

/**
 * An administrator rejected or restored a post: its author hears of it (the account's owners when the author
 * is gone), in their own language, with the reason of a rejection.
 */
export async function notifyModeration(tx: Tx, event: ModerationEvent): Promise<void> {
  const [post] = await tx
    .select({ title: posts.title, content: posts.content, type: posts.type, author_id: posts.author_id })
    .from(posts)
    .where(eq(posts.id, event.post_id));
  if (!post) return;
  const recipients = post.author_id ? [post.author_id] : await accountOwners(tx, event.account_id);
  const locales = await localesOf(tx, recipients);
  const title = nameOf(post);
  for (const [userId, stored] of locales) {
    const locale = isLocale(stored) ? stored : 'en';
    await notify(tx, [userId], {
      type: 'moderation',
      actor_id: event.actor_id,
      account_id: event.account_id,
      post_id: event.post_id,
      payload:
        event.type === 'post.rejected'
          ? {
              status: 'rejected',
              reason: event.reason,
              message: t(locale, 'notifications.post_rejected', { title, reason: event.reason }),
            }
          : { status: 'published', message: t(locale, 'notifications.post_restored', { title }) },
    });
  }
}
