import type { AppContext } from '../../platform/context';
import type { Subscriber } from '../../platform/events';
import { endBetween } from './friends.service';

export function friendsSubscribers(ctx: AppContext): { 'user.blocked': Subscriber<'user.blocked'>[] } {
  return {
    'user.blocked': [(event) => endBetween(ctx, event.actor_id, event.user_id)],
  };
}
