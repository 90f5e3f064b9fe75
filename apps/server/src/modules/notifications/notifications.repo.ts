import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { accountUsers, notifications, users, type NotificationType } from '../../db/schema';

type Conn = Db | Tx;

export interface NotificationEvent {
  type: NotificationType;
  actor_id: number;
  account_id?: number | null;
  post_id?: number | null;
  comment_id?: number | null;
  payload?: Record<string, unknown>;
}

/** Records one notification per recipient (never to the person who acted); delivery comes later. */
export async function notify(db: Conn, recipients: number[], event: NotificationEvent): Promise<void> {
  const unique = [...new Set(recipients)].filter((id) => id !== event.actor_id);
  if (unique.length === 0) return;
  await db.insert(notifications).values(
    unique.map((user_id) => ({
      user_id,
      type: event.type,
      actor_id: event.actor_id,
      account_id: event.account_id ?? null,
      post_id: event.post_id ?? null,
      comment_id: event.comment_id ?? null,
      payload: event.payload ?? {},
    })),
  );
}

/**
 * Like `notify`, but a recipient who already has the same notification (type, actor, account, post) from
 * the last `withinHours` gets no second one: following, unfollowing and following again tells the owners
 * once a day at most.
 */
export async function notifyOnce(
  db: Conn,
  recipients: number[],
  event: NotificationEvent,
  withinHours = 24,
): Promise<void> {
  const unique = [...new Set(recipients)].filter((id) => id !== event.actor_id);
  if (unique.length === 0) return;
  const told = await db
    .select({ id: notifications.user_id })
    .from(notifications)
    .where(
      and(
        inArray(notifications.user_id, unique),
        eq(notifications.type, event.type),
        eq(notifications.actor_id, event.actor_id),
        event.account_id ? eq(notifications.account_id, event.account_id) : isNull(notifications.account_id),
        event.post_id ? eq(notifications.post_id, event.post_id) : isNull(notifications.post_id),
        gt(notifications.created_at, sql`now() - make_interval(hours => ${withinHours})`),
      ),
    );
  const already = new Set(told.map((r) => r.id));
  await notify(
    db,
    unique.filter((id) => !already.has(id)),
    event,
  );
}

/** The people who own an account: they hear about its followers, likes and comments. */
export async function accountOwners(db: Conn, accountId: number, except?: number): Promise<number[]> {
  const rows = await db
    .select({ id: accountUsers.user_id })
    .from(accountUsers)
    .where(
      and(
        eq(accountUsers.account_id, accountId),
        eq(accountUsers.role, 'owner'),
        except ? ne(accountUsers.user_id, except) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/** Each recipient's language, so a notification written now reads in it (recipients gone are left out). */
export async function localesOf(db: Conn, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: users.id, locale: users.locale }).from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, r.locale]));
}

/** Each person's unread notifications (what the badge shows), counted for several people at once. */
export async function unreadCounts(db: Conn, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: notifications.user_id, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inArray(notifications.user_id, userIds), isNull(notifications.read_at)))
    .groupBy(notifications.user_id);
  return new Map(rows.map((r) => [r.id, r.n]));
}
