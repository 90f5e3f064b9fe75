import { isLocale, type DomainEventOf, type NotifiableEvent } from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connect';
import { isForeignKeyViolation } from '../../db/errors';
import { accounts, organizations } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { t, type MessageKey } from '../../platform/i18n';
import { notifyModeration } from './notifications.moderation';
import { accountOwners, localesOf, notify, notifyOnce, type NotificationEvent } from './notifications.repo';

type ApprovalEvent = DomainEventOf<'account.approval_changed'> | DomainEventOf<'organization.approval_changed'>;

const APPROVAL_MESSAGES: Record<ApprovalEvent['type'], Record<'approved' | 'rejected', MessageKey>> = {
  'account.approval_changed': {
    approved: 'notifications.account_approved',
    rejected: 'notifications.account_rejected',
  },
  'organization.approval_changed': {
    approved: 'notifications.organization_approved',
    rejected: 'notifications.organization_rejected',
  },
};

/**
 * An administrator's decision on an account (told to its owners) or an organization (told to its creator),
 * each written in the recipient's own language. Back to pending tells nobody: nothing was decided.
 */
async function notifyApproval(tx: Tx, event: ApprovalEvent): Promise<void> {
  if (event.to === 'pending') return;
  let subject: { id: number; name: string } | undefined;
  let recipients: number[];
  if (event.type === 'account.approval_changed') {
    [subject] = await tx
      .select({ id: accounts.id, name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, event.account_id));
    recipients = await accountOwners(tx, event.account_id);
  } else {
    const [row] = await tx
      .select({ id: organizations.id, name: organizations.name, owner: organizations.user_id })
      .from(organizations)
      .where(eq(organizations.id, event.organization_id));
    subject = row;
    recipients = row ? [row.owner] : [];
  }
  if (!subject) return;
  const key = APPROVAL_MESSAGES[event.type][event.to];
  const about: NotificationEvent = {
    type: 'approval',
    actor_id: event.actor_id,
    account_id: event.type === 'account.approval_changed' ? event.account_id : null,
  };
  for (const [userId, locale] of await localesOf(tx, recipients)) {
    await notify(tx, [userId], {
      ...about,
      payload: {
        subject_type: event.type === 'account.approval_changed' ? 'account' : 'organization',
        subject_id: subject.id,
        name: subject.name,
        status: event.to,
        message: t(isLocale(locale) ? locale : 'en', key, { name: subject.name }),
      },
    });
  }
}

/**
 * The `notifications.create` job: the rows one event leaves, one per recipient and never to the actor.
 * A like tells the post's account owners (a comment's like, its author); a comment tells the post's account
 * owners, and a reply the author it answers instead (once, not twice); a follow tells the account's owners,
 * at most once a day per follower; an administrator's approval or rejection tells the account's owners (an
 * organization's, its creator), in their language. One transaction, so a retried job never leaves half of its rows.
 */
export async function createNotifications(ctx: AppContext, event: NotifiableEvent): Promise<void> {
  try {
    await ctx.db.transaction(async (tx) => {
      switch (event.type) {
        case 'post.liked':
          return notify(tx, await accountOwners(tx, event.account_id), {
            type: 'like',
            actor_id: event.actor_id,
            account_id: event.account_id,
            post_id: event.post_id,
            comment_id: null,
            payload: { likeable_type: 'post' },
          });
        case 'comment.liked':
          return notify(tx, [event.comment_author_id], {
            type: 'like',
            actor_id: event.actor_id,
            account_id: event.account_id,
            post_id: event.post_id,
            comment_id: event.comment_id,
            payload: { likeable_type: 'comment' },
          });
        case 'comment.created': {
          const about = {
            actor_id: event.actor_id,
            account_id: event.account_id,
            post_id: event.post_id,
            comment_id: event.comment_id,
          };
          const parentAuthor = event.parent_author_id;
          if (parentAuthor) await notify(tx, [parentAuthor], { ...about, type: 'reply' });
          return notify(
            tx,
            (await accountOwners(tx, event.account_id)).filter((id) => id !== parentAuthor),
            { ...about, type: 'comment' },
          );
        }
        case 'account.followed':
          // Two jobs for the same follower and account (several workers) must not both find "not told yet".
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`notifications.follow:${event.actor_id}:${event.account_id}`}))`,
          );
          // A re-follow (after an unfollow) within a day does not notify the owners again.
          return notifyOnce(tx, await accountOwners(tx, event.account_id), {
            type: 'follow',
            actor_id: event.actor_id,
            account_id: event.account_id,
          });
        case 'account.approval_changed':
        case 'organization.approval_changed':
          return notifyApproval(tx, event);
        case 'post.rejected':
        case 'post.restored':
          return notifyModeration(tx, event);
      }
    });
  } catch (err) {
    // What the event was about is gone (a deleted post, comment or account): there is nothing to tell.
    if (isForeignKeyViolation(err)) {
      ctx.log.info({ event: event.type }, 'notification dropped: its subject was deleted');
      return;
    }
    throw err;
  }
}
