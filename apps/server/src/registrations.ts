import { billingQueues, expireBilling, seedPlans } from './modules/billing';
import { countEvent, insightsQueues, pruneCountedJobs } from './modules/insights';
import { cleanupMedia, mediaQueues, transcode } from './modules/media';
import { createNotifications, notificationsQueues } from './modules/notifications';
import { fanOutPosts, pruneTimelines, timelineQueues } from './modules/posts';
import { deliverPush, pushQueues } from './modules/push';
import type { AppContext } from './platform/context';
import type { PlatformRegistrations } from './platform/create-context';
import type { JobHandlers } from './platform/jobs/queue';
import { seedRolesAndPermissions } from './seed/system';

/*
 * What the modules register with the platform, which imports no module: the seeds every start runs and the
 * jobs with their handlers, retries and schedules. Part of the composition root, beside `app.ts` (serve),
 * `main.ts` (worker and CLI) and `event-subscribers.ts` (the event registry).
 */

/** Handed to `createContext`: seeds run in this order after the migrations (plans after roles), then jobs. */
export const registrations: PlatformRegistrations = {
  startupSeeds: [seedRolesAndPermissions, seedPlans],
  jobQueues: {
    ...billingQueues,
    ...mediaQueues,
    ...insightsQueues,
    ...notificationsQueues,
    ...pushQueues,
    ...timelineQueues,
  },
};

/** One handler per job in the contract; the mapped type makes a forgotten or unknown job a compile error. */
export const jobHandlers = (ctx: AppContext): JobHandlers => ({
  'mail.send': ({ outboxId }) => ctx.mail.deliver(outboxId),
  'billing.expire': () => expireBilling(ctx),
  'media.transcode': ({ fileId }, job) => transcode(ctx, fileId, job),
  'media.cleanup': async () => {
    await cleanupMedia(ctx);
  },
  'notifications.create': (payload) => createNotifications(ctx, payload),
  'timeline.fanout': (payload) => fanOutPosts(ctx, payload),
  'timeline.prune': () => pruneTimelines(ctx),
  'push.deliver': (payload) => deliverPush(ctx, payload),
  'insights.count': ({ event, occurred_at }, job) =>
    countEvent(ctx, event, occurred_at ? new Date(occurred_at) : new Date(), job),
  'insights.prune': () => pruneCountedJobs(ctx),
});
