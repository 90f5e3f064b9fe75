import { z } from 'zod';
import { NotifiableEvent } from './events';
import { CountedEvent } from './insights';
import { IMPORT_BATCH_ROWS } from './posts-admin';

/** Every background job and its payload; the server's handler map must cover each one. */
export const JobPayloads = {
  'mail.send': z.object({ outboxId: z.number().int().positive() }),
  /** Scheduled every minute: publishes the scheduled posts whose time has come, each exactly once. */
  'posts.publish': z.object({}),
  /** Scheduled: ends lapsed subscriptions and abandoned payments. */
  'billing.expire': z.object({}),
  /** Scheduled: reminds members whose pass ends soon, moves ended passes to grace, then to expired. */
  'memberships.expire': z.object({}),
  /** Scheduled (and after an import): brings posts written under older text rules, and Zawgyi stored before, up to date. */
  'text.backfill': z.object({}),
  /** Scheduled: accounts' language, topics, growth, engagement and co-follows, and the trending posts (discovery). */
  'discovery.refresh': z.object({}),
  /** Scheduled weekly: the digest of new posts from accounts each reader who asked for it may like. */
  'discovery.digest': z.object({}),
  /** Audio or video: probe, transcode, poster, publish; safe to run again after a crash. */
  'media.transcode': z.object({ fileId: z.string().min(1) }),
  /** Scheduled: deletes uploads nothing points at a day after they came in, and leftover originals. */
  'media.cleanup': z.object({}),
  /**
   * Adds one like, unlike, follow or unfollow to its account's day (queued by the insights subscriber after
   * commit): the day `occurred_at` (when the subscriber heard it; the job's own time when absent) falls on in
   * the account's time zone.
   */
  'insights.count': z.object({ event: CountedEvent, occurred_at: z.iso.datetime({ offset: true }).optional() }),
  /** Scheduled: forgets which `insights.count` jobs were counted once they can no longer be retried. */
  'insights.prune': z.object({}),
  /** Writes the notification rows one event leaves (queued by the notifications subscriber after commit). */
  'notifications.create': z.object({
    event: NotifiableEvent,
    /** Who to tell, when the subscriber settled it (a chat message: the members not looking at the room). */
    recipients: z.array(z.number().int().positive()).max(1000).optional(),
  }),
  /**
   * Writes new posts into the home feeds of their accounts' followers (queued after the post's commit; an
   * import queues one per batch). Running it twice writes nothing twice. The feed's jobs keep their first name
   * (`timeline.*`): queued jobs are stored by name, and a rename would strand those waiting at an upgrade.
   */
  'timeline.fanout': z.object({ post_ids: z.array(z.number().int().positive()).min(1).max(IMPORT_BATCH_ROWS) }),
  /** Scheduled: drops the home feeds nobody read for two weeks (the next read builds one again). */
  'timeline.prune': z.object({}),
  /** Sends one notification to one browser (Web Push); a refused or gone subscription is deleted. */
  'push.deliver': z.object({
    notificationId: z.number().int().positive(),
    subscriptionId: z.number().int().positive(),
  }),
} as const;

export type JobName = keyof typeof JobPayloads;
export type JobPayload<N extends JobName> = z.infer<(typeof JobPayloads)[N]>;
export const JOB_NAMES = Object.keys(JobPayloads) as JobName[];
