import type { AppContext } from '../../platform/context';
import type { Subscriber } from '../../platform/events';
import { queueDeliveries } from './push.service';

/** Web Push: each committed notification meant for push becomes a job per browser of its recipient. */
export function pushSubscribers(ctx: AppContext): { 'notifications.created': Subscriber<'notifications.created'>[] } {
  return { 'notifications.created': [(event) => queueDeliveries(ctx, event)] };
}
