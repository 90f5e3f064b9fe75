import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { notifications, pushSubscriptions, users } from '../../db/schema';

type Conn = Db | Tx;

/**
 * Keeps the browser's subscription for this person and sign-in; one endpoint is one row. An endpoint already
 * kept is updated only under the rule of `subscribe` (push.service): it is the same person's, or the keys are
 * exactly the ones kept. Decided in the one statement, so two people racing for an endpoint cannot both win.
 * Answers false when the endpoint is someone else's and stays so.
 */
export async function upsert(
  db: Conn,
  row: { user_id: number; token_id: number; endpoint: string; p256dh: string; auth: string },
): Promise<boolean> {
  const kept = await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { user_id: row.user_id, token_id: row.token_id, p256dh: row.p256dh, auth: row.auth, created_at: sql`now()` },
      setWhere: sql`${pushSubscriptions.user_id} = ${row.user_id} or (${pushSubscriptions.p256dh} = ${row.p256dh} and ${pushSubscriptions.auth} = ${row.auth})`,
    })
    .returning({ id: pushSubscriptions.id });
  return kept.length > 0;
}

/** Forgets this browser's subscription if it is the person's (someone else's endpoint is left alone). */
export async function removeOwn(db: Conn, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function remove(db: Conn, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function succeeded(db: Conn, id: number): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ last_success_at: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}

/**
 * Every (notification, browser) pair to push: notifications meant for push and their recipients' browsers.
 * A grouped notification that was pushed in the last `quietSeconds` is not pushed again (a post liked by a
 * thousand people is one buzz a minute, not a thousand); the ones taken are marked pushed now.
 */
export async function deliveries(db: Conn, notificationIds: number[], quietSeconds: number) {
  if (notificationIds.length === 0) return [];
  const due = await db
    .update(notifications)
    .set({ pushed_at: sql`now()` })
    .where(
      and(
        inArray(notifications.id, notificationIds),
        eq(notifications.push, true),
        sql`(${notifications.pushed_at} is null or ${notifications.pushed_at} < now() - make_interval(secs => ${quietSeconds}))`,
      ),
    )
    .returning({ id: notifications.id });
  if (due.length === 0) return [];
  return db
    .select({ notificationId: notifications.id, subscriptionId: pushSubscriptions.id })
    .from(notifications)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.user_id, notifications.user_id))
    .where(
      inArray(
        notifications.id,
        due.map((d) => d.id),
      ),
    );
}

/** One notification and one browser, as the push job sends them (undefined when either is gone). */
export async function delivery(db: Conn, notificationId: number, subscriptionId: number) {
  const [row] = await db
    .select({
      notification: {
        title: notifications.title,
        body: notifications.body,
        icon: notifications.icon,
        url: notifications.url,
        tag: notifications.tag,
        type: notifications.type,
        user_id: notifications.user_id,
      },
      subscription: {
        id: pushSubscriptions.id,
        user_id: pushSubscriptions.user_id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      },
      unread: users.notifications_unread,
    })
    .from(notifications)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, subscriptionId))
    .innerJoin(users, eq(users.id, notifications.user_id))
    .where(eq(notifications.id, notificationId))
    .limit(1);
  return row;
}
