import type { DomainEventOf, JobPayload, ParsedBody, pushApi } from '@inkwell/contracts';
import webpush from 'web-push';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import type { JobQueueSettings } from '../../platform/jobs/queue';
import { ValidationError, conflict } from '../../platform/errors';
import { vapidKeys } from './push.keys';
import { allowedEndpoint } from './push.policy';
import * as repo from './push.repo';

/** How long a push service keeps trying to reach a phone that is off (a day: older news is stale). */
const TTL_SECONDS = 24 * 60 * 60;
/** The small monochrome picture phones show in their status bar. */
const BADGE = '/icons/badge-72.png';
/** A grouped notification (likes, a chat) buzzes a phone at most once in this long; the app shows every change. */
const GROUP_PUSH_QUIET_SECONDS = 60;

/** Pushes wait mostly on the push services: a worker sends several at once. */
export const pushQueues = { 'push.deliver': { batchSize: 25 } } satisfies JobQueueSettings;

export const publicKey = (ctx: AppContext): string => vapidKeys(ctx.config).publicKey;

/**
 * Registers this browser for the signed-in person. An endpoint is the browser's address at its push service,
 * not a secret (it travels to every server the browser subscribes with), so naming one proves nothing: an
 * endpoint kept for someone else is refused (409), else anyone could move another person's browser to their
 * own account and silence it. It moves only with exactly the keys kept for it (p256dh and auth): the push
 * service issued them to that browser, so presenting both from a signed-in session proves the poster holds
 * the subscription — the browser changed hands, or another person signed in on it (the web client posts its
 * existing subscription again after each sign-in). The same person posting their own endpoint again is
 * idempotent: one row, with the newest keys and sign-in.
 */
export async function subscribe(
  ctx: AppContext,
  auth: AuthContext,
  body: ParsedBody<typeof pushApi.subscribe>,
): Promise<void> {
  if (!allowedEndpoint(body.endpoint, ctx.config.push.allowedOrigins)) {
    throw new ValidationError({ endpoint: ['push.endpoint_not_allowed'] });
  }
  const kept = await repo.upsert(ctx.db, {
    user_id: auth.user.id,
    token_id: auth.tokenId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
  });
  if (!kept) throw conflict('push.endpoint_taken');
}

export const unsubscribe = (ctx: AppContext, auth: AuthContext, endpoint: string) =>
  repo.removeOwn(ctx.db, auth.user.id, endpoint);

/** Queues one push job per notification and browser, in bulk (a post reaching thousands of bell-ringers). */
export async function queueDeliveries(ctx: AppContext, event: DomainEventOf<'notifications.created'>) {
  for (let start = 0; start < event.ids.length; start += 1000) {
    const pairs = await repo.deliveries(ctx.db, event.ids.slice(start, start + 1000), GROUP_PUSH_QUIET_SECONDS);
    await ctx.jobs.sendMany('push.deliver', pairs);
  }
}

/**
 * The `push.deliver` job: encrypts the notification for the browser (aes128gcm, VAPID-signed) and hands it to
 * its push service. A subscription the service says is gone (404, 410) is deleted; a busy or failing service
 * (429, 5xx, no answer in 10 s) is tried again later with back-off; any other refusal is logged and dropped.
 */
export async function deliver(ctx: AppContext, { notificationId, subscriptionId }: JobPayload<'push.deliver'>) {
  const found = await repo.delivery(ctx.db, notificationId, subscriptionId);
  // The notification or the browser is gone, or the browser now belongs to someone else: nothing to send.
  if (!found || found.subscription.user_id !== found.notification.user_id) return;
  const { notification: n, subscription: s } = found;
  const keys = vapidKeys(ctx.config);
  const payload = JSON.stringify({
    title: n.title,
    body: n.body,
    icon: n.icon,
    badge: BADGE,
    tag: n.tag,
    url: n.url,
    type: n.type,
    unread_count: found.unread,
  });
  // web-push encrypts and signs; the request itself goes through fetch (any push service URL, with a deadline).
  const request = webpush.generateRequestDetails(
    { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
    payload,
    {
      vapidDetails: { subject: ctx.config.push.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    },
  );
  const res = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ?? undefined,
    signal: AbortSignal.timeout(10_000),
    redirect: 'error',
  });
  if (res.ok) {
    await repo.succeeded(ctx.db, s.id);
    return;
  }
  if (res.status === 404 || res.status === 410) {
    await repo.remove(ctx.db, s.id);
    ctx.log.info({ subscriptionId: s.id, status: res.status }, 'push subscription gone: deleted');
    return;
  }
  if (res.status !== 429 && res.status < 500) {
    ctx.log.warn({ subscriptionId: s.id, status: res.status, body: await res.text() }, 'push refused: dropped');
    return;
  }
  // A busy or failing push service: the job is tried again with back-off.
  throw new Error(`push service answered ${res.status}`);
}
