import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { accountUsers, notifications, type NotificationType } from '../../db/schema';

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
