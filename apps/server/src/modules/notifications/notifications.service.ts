import {
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationSettings,
  type NotificationsPage,
  type PageQuery,
} from '@inkwell/contracts';
import type { NotificationSettingsStored } from '../../db/schema';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { offsetOf, pageMeta, type PageAt } from '../../platform/pagination';
import * as repo from './notifications.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function list(
  ctx: AppContext,
  auth: AuthContext,
  query: PageQuery,
  at: PageAt,
): Promise<NotificationsPage> {
  const me = auth.user.id;
  const [{ rows, total }, unread] = await Promise.all([
    repo.page(ctx.db, me, query.per_page, offsetOf(query)),
    repo.unreadCounts(ctx.db, [me]),
  ]);
  const data = rows.map(({ n, actor }): Notification => ({
    id: n.id,
    type: n.type,
    title: n.title,
    body: n.body,
    icon: n.icon,
    url: n.url,
    tag: n.tag,
    actor: actor ?? null,
    actors_count: n.actors_count,
    payload: Object.fromEntries(Object.entries(n.payload).filter(([key]) => key !== 'actor_ids')),
    read_at: iso(n.read_at),
    created_at: n.created_at.toISOString(),
  }));
  return {
    data,
    meta: {
      ...pageMeta({ page: query.page, perPage: query.per_page, total, ...at }),
      unread_count: unread.get(me) ?? 0,
    },
  };
}

/** Marks some (or all) of my notifications read; answers what stays unread. */
export async function read(ctx: AppContext, auth: AuthContext, ids?: number[]): Promise<number> {
  await repo.markRead(ctx.db, auth.user.id, ids);
  return (await repo.unreadCounts(ctx.db, [auth.user.id])).get(auth.user.id) ?? 0;
}

function complete(stored: NotificationSettingsStored): NotificationSettings {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, repo.channelsOf(stored, kind)]),
  ) as NotificationSettings;
}

export async function settings(ctx: AppContext, auth: AuthContext): Promise<NotificationSettings> {
  return complete(await repo.settingsOf(ctx.db, auth.user.id));
}

/** Changes the kinds named; the others keep their setting. */
export async function updateSettings(
  ctx: AppContext,
  auth: AuthContext,
  changes: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const current = complete(await repo.settingsOf(ctx.db, auth.user.id));
  const next = { ...current };
  for (const kind of NOTIFICATION_KINDS) {
    const change = changes[kind];
    if (change) next[kind] = { in_app: change.in_app, push: change.push };
  }
  await repo.saveSettings(ctx.db, auth.user.id, next);
  return next;
}
