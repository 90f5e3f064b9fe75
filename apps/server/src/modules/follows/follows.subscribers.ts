import type { AppContext } from '../../platform/context';
import type { Subscriber } from '../../platform/events';
import { endFollowsBetween } from './follows.service';

export function followsSubscribers(ctx: AppContext): { 'user.blocked': Subscriber<'user.blocked'>[] } {
  return {
    'user.blocked': [(event) => endFollowsBetween(ctx, event.actor_id, event.user_id)],
  };
}
