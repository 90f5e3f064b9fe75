import { z } from 'zod';
import { NotifiableEvent } from './events';

/** Every background job and its payload; the server's handler map must cover each one. */
export const JobPayloads = {
  'mail.send': z.object({ outboxId: z.number().int().positive() }),
  /** Scheduled: ends lapsed subscriptions and abandoned payments. */
  'billing.expire': z.object({}),
  /** Audio or video: probe, transcode, poster, publish; safe to run again after a crash. */
  'media.transcode': z.object({ fileId: z.string().min(1) }),
  /** Scheduled: deletes uploads nothing points at a day after they came in, and leftover originals. */
  'media.cleanup': z.object({}),
  /** Writes the notification rows one event leaves (queued by the notifications subscriber after commit). */
  'notifications.create': z.object({ event: NotifiableEvent }),
} as const;

export type JobName = keyof typeof JobPayloads;
export type JobPayload<N extends JobName> = z.infer<(typeof JobPayloads)[N]>;
export const JOB_NAMES = Object.keys(JobPayloads) as JobName[];
