/**
 * The push module's face: browsers' Web Push subscriptions, the VAPID key, and the job that sends. A browser's
 * endpoint belongs to whoever registered it; another person's registration of it is refused (409) unless it
 * carries exactly the keys kept for it, which proves it holds the subscription (push.service: subscribe).
 */
import { defineModule } from '../../platform/module';
import { pushRoutes } from './push.routes';
import { deliver, pushQueues } from './push.service';
import { pushSubscribers } from './push.subscribers';

export { pushSubscribeLimit } from './push.routes';

export const pushModule = defineModule({
  routes: pushRoutes,
  queues: pushQueues,
  jobs: (ctx) => ({ 'push.deliver': (payload) => deliver(ctx, payload) }),
  subscribers: pushSubscribers,
});
