import { LOCALES, NOTIFICATIONS_OFF_BY_DEFAULT, type Locale, type NotificationKind } from '@inkwell/contracts';
import { and, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { accountUsers, notifications, users, type NotificationSettingsStored } from '../../db/schema';
import { unblockedUserSql } from '../../db/safety';

type Conn = Db | Tx;

export interface Text {
  title: string;
  body: string;
}

/**
 * A notification to write: what it is about, how it reads in each language (with the number of people behind
 * it, for the kinds that group), and how it groups.
 */
export interface Draft {
  kind: NotificationKind;
  actor_id: number | null;
  account_id?: number | null;
  post_id?: number | null;
  comment_id?: number | null;
  icon: string;
  url: string;
  tag: string;
  payload?: Record<string, unknown>;
  text: (locale: Locale, count: number) => Text;
  /**
   * Rows of one group become one: within `withinMinutes` of the group's start (likes), or while unread (chat
   * messages). `countActors` counts distinct people (a like again by the same person changes nothing); else
   * every event counts (messages).
   */
  group?: { key: string; withinMinutes?: number; countActors: boolean };
}

export interface Target {
  id: number;
  locale: Locale;
  in_app: boolean;
  push: boolean;
}

const asLocale = (value: string): Locale => ((LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en');

/** Whether the person wants `kind` in the app and by push (on until turned off, but the kinds off by default). */
export function channelsOf(settings: NotificationSettingsStored, kind: NotificationKind) {
  if (NOTIFICATIONS_OFF_BY_DEFAULT.includes(kind))
    return { in_app: settings[kind]?.in_app === true, push: settings[kind]?.push === true };
  return { in_app: settings[kind]?.in_app !== false, push: settings[kind]?.push !== false };
}

/**
 * The recipients among `ids` with their language and channels: never the actor, nobody in a block with the
 * actor, never a suspended person, and only those who want this kind somewhere.
 */
export async function targetsOf(db: Conn, ids: number[], kind: NotificationKind, actorId: number | null) {
  const unique = [...new Set(ids)].filter((id) => id !== actorId);
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: users.id, locale: users.locale, settings: users.notification_settings })
    .from(users)
    .where(and(inArray(users.id, unique), isNull(users.suspended_at), unblockedUserSql(actorId ?? 0, '"users"."id"')));
  return rows
    .map((r): Target => ({ id: r.id, locale: asLocale(r.locale), ...channelsOf(r.settings, kind) }))
    .filter((r) => r.in_app || r.push);
}

/** Writes `draft` for each target: into its group's row where there is one, as a new row otherwise. Answers the ids. */
export async function write(tx: Tx, targets: Target[], draft: Draft): Promise<number[]> {
  if (targets.length === 0) return [];
  const ids: number[] = [];
  let fresh = targets;
  if (draft.group) {
    // Two jobs grouping into the same person's row at once (likes side by side) take turns, so the second
    // finds the first one's row instead of adding another; people in id order, so no two jobs deadlock.
    for (const id of targets.map((t) => t.id).sort((a, b) => a - b)) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notifications:${draft.group.key}:${id}`}))`);
    }
    const grouped = await joinGroups(tx, targets, draft);
    ids.push(...grouped.ids);
    fresh = targets.filter((t) => !grouped.handled.has(t.id));
  }
  if (fresh.length === 0) return ids;
  const inserted = await tx
    .insert(notifications)
    .values(
      fresh.map((target) => ({
        user_id: target.id,
        type: draft.kind,
        actor_id: draft.actor_id,
        account_id: draft.account_id ?? null,
        post_id: draft.post_id ?? null,
        comment_id: draft.comment_id ?? null,
        ...draft.text(target.locale, 1),
        icon: draft.icon,
        url: draft.url,
        tag: draft.tag,
        payload: {
          ...draft.payload,
          ...(draft.group?.countActors && draft.actor_id ? { actor_ids: [draft.actor_id] } : {}),
        },
        group_key: draft.group?.key ?? null,
        grouped_since: draft.group ? sql`now()` : null,
        in_app: target.in_app,
        push: target.push,
      })),
    )
    .returning({ id: notifications.id });
  return [...ids, ...inserted.map((r) => r.id)];
}

/** People remembered per group row, to count distinct likers (a group stops remembering past this many). */
const MAX_REMEMBERED_ACTORS = 200;

/** The notification rows of any of these people. */
const toAnyOf = (targets: Target[]) =>
  inArray(
    notifications.user_id,
    targets.map((t) => t.id),
  );

/**
 * Folds the event into each target's open group row: counted again, read again, moved to the top and
 * reworded ("Aye Chan and 4 others liked your post"). A person liking again within the hour changes nothing.
 */
async function joinGroups(tx: Tx, targets: Target[], draft: Draft) {
  const group = draft.group!;
  const open = await tx
    .select()
    .from(notifications)
    .where(
      and(
        toAnyOf(targets),
        eq(notifications.group_key, group.key),
        group.withinMinutes !== undefined
          ? gt(notifications.grouped_since, sql`now() - make_interval(mins => ${group.withinMinutes})`)
          : isNull(notifications.read_at),
      ),
    )
    .orderBy(desc(notifications.id))
    .for('update');
  const handled = new Set<number>();
  const ids: number[] = [];
  const byUser = new Map(targets.map((t) => [t.id, t]));
  for (const row of open) {
    const target = byUser.get(row.user_id);
    if (!target || handled.has(row.user_id)) continue;
    handled.add(row.user_id);
    const known = Array.isArray(row.payload.actor_ids) ? (row.payload.actor_ids as number[]) : [];
    if (group.countActors && draft.actor_id !== null && known.includes(draft.actor_id)) continue;
    const count = row.actors_count + 1;
    await tx
      .update(notifications)
      .set({
        actor_id: draft.actor_id,
        actors_count: count,
        ...draft.text(target.locale, count),
        icon: draft.icon,
        payload: {
          ...row.payload,
          ...draft.payload,
          ...(group.countActors && draft.actor_id !== null
            ? { actor_ids: [...known, draft.actor_id].slice(-MAX_REMEMBERED_ACTORS) }
            : {}),
        },
        in_app: target.in_app,
        push: target.push,
        read_at: null,
        created_at: sql`now()`,
      })
      .where(eq(notifications.id, row.id));
    ids.push(row.id);
  }
  return { ids, handled };
}

/**
 * The notification of a new post for everyone who rang the account's bell, written in one statement however
 * many they are, each in their own language and only where they want it.
 */
export async function writeForBellRingers(tx: Tx, accountId: number, draft: Draft): Promise<number[]> {
  const texts = Object.fromEntries(LOCALES.map((l) => [l, draft.text(l, 1)])) as Record<Locale, Text>;
  const pick = (field: keyof Text) =>
    sql`case u.locale when 'my' then ${texts.my[field]} when 'th' then ${texts.th[field]} else ${texts.en[field]} end`;
  const wants = (channel: 'in_app' | 'push') =>
    sql`coalesce((u.notification_settings -> ${draft.kind} ->> ${channel})::boolean, true)`;
  const result = (await tx.execute(sql`
    insert into notifications (user_id, type, actor_id, account_id, post_id, title, body, icon, url, tag, payload, in_app, push)
    select f.user_id, ${draft.kind}, ${draft.actor_id}, ${accountId}, ${draft.post_id ?? null},
           ${pick('title')}, ${pick('body')}, ${draft.icon}, ${draft.url}, ${draft.tag},
           ${JSON.stringify(draft.payload ?? {})}::jsonb, ${wants('in_app')}, ${wants('push')}
    from follows f join users u on u.id = f.user_id
    where f.account_id = ${accountId} and f.bell and u.suspended_at is null
      ${draft.actor_id === null ? sql`` : sql`and f.user_id <> ${draft.actor_id}`}
      and ${unblockedUserSql(draft.actor_id ?? 0, 'f.user_id')}
      and (${wants('in_app')} or ${wants('push')})
    returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => r.id);
}

/**
 * Like `write`, but a target who already has the same notification (kind, actor, account) from the last
 * `withinHours` gets no second one: following, unfollowing and following again tells the owners once a day.
 */
export async function writeOnce(tx: Tx, targets: Target[], draft: Draft, withinHours = 24): Promise<number[]> {
  if (targets.length === 0) return [];
  const told = await tx
    .select({ id: notifications.user_id })
    .from(notifications)
    .where(
      and(
        toAnyOf(targets),
        eq(notifications.type, draft.kind),
        draft.actor_id === null ? isNull(notifications.actor_id) : eq(notifications.actor_id, draft.actor_id),
        draft.account_id ? eq(notifications.account_id, draft.account_id) : isNull(notifications.account_id),
        gt(notifications.created_at, sql`now() - make_interval(hours => ${withinHours})`),
      ),
    );
  const already = new Set(told.map((r) => r.id));
  return write(
    tx,
    targets.filter((t) => !already.has(t.id)),
    draft,
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

const actor = {
  id: users.id,
  name: users.name,
  profile_url: users.profile_url,
};

/** Shown in the app, and not from someone in a block with me (a block made after the notification hides it too). */
const listed = (userId: number): SQL =>
  and(
    eq(notifications.user_id, userId),
    eq(notifications.in_app, true),
    unblockedUserSql(userId, '"notifications"."actor_id"'),
  )!;

/** A page of a person's notifications shown in the app, newest first (`notifications_user_idx`), with the total. */
export async function page(db: Conn, userId: number, limit: number, offset: number) {
  const [rows, counted] = await Promise.all([
    db
      .select({ n: notifications, actor })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actor_id))
      .where(listed(userId))
      .orderBy(desc(notifications.created_at), desc(notifications.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(listed(userId)),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** Marks some (or all) unread notifications read; the unread count follows through its trigger. */
export async function markRead(db: Conn, userId: number, ids?: number[]): Promise<void> {
  await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(
      and(
        eq(notifications.user_id, userId),
        isNull(notifications.read_at),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
}

/**
 * Marks read what each of two people was told of the other's doing: once they are in a block those rows leave
 * the list, and an unread count that still held them would ring for nothing (the count follows through its
 * trigger).
 */
export async function markReadBetween(db: Conn, a: number, b: number): Promise<void> {
  await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(
      and(
        isNull(notifications.read_at),
        or(
          and(eq(notifications.user_id, a), eq(notifications.actor_id, b)),
          and(eq(notifications.user_id, b), eq(notifications.actor_id, a)),
        ),
      ),
    );
}

/** Each person's unread notifications shown in the app (kept in their row). */
export async function unreadCounts(db: Conn, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, n: users.notifications_unread })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function settingsOf(db: Conn, userId: number): Promise<NotificationSettingsStored> {
  const [row] = await db
    .select({ settings: users.notification_settings })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.settings ?? {};
}

export async function saveSettings(db: Conn, userId: number, settings: NotificationSettingsStored): Promise<void> {
  await db.update(users).set({ notification_settings: settings }).where(eq(users.id, userId));
}

/** The rows just written, as the realtime badge and toast deliver them (in-app ones only). */
export async function forDelivery(db: Conn, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: notifications.id,
      user_id: notifications.user_id,
      type: notifications.type,
      title: notifications.title,
      body: notifications.body,
      icon: notifications.icon,
      url: notifications.url,
      tag: notifications.tag,
      unread: users.notifications_unread,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.user_id))
    .where(and(inArray(notifications.id, ids), eq(notifications.in_app, true)));
}

/** Holds, until the transaction ends, the one lock every job telling `accountId`'s people about this follower takes. */
export async function lockFollowNotice(tx: Tx, followerId: number, accountId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notifications.follow:${followerId}:${accountId}`}))`);
}
