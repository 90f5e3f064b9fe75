import { expireBilling } from '../../modules/billing/billing.jobs';
import { transcode } from '../../modules/media/media.jobs';
import type { AppContext } from '../context';
import type { JobHandlers } from './queue';

/** One handler per job in the contract; the type makes a forgotten job a compile error. */
export const jobHandlers = (ctx: AppContext): JobHandlers => ({
  'mail.send': ({ outboxId }) => ctx.mail.deliver(outboxId),
  'billing.expire': () => expireBilling(ctx),
  'media.transcode': ({ fileId }, job) => transcode(ctx, fileId, job),
});
