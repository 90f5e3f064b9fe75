/** The notifications module's face: its routes, event subscribers and job, wired at the composition root. */
import { defineModule } from '../../platform/module';
import { createNotifications, notificationsQueues } from './notifications.jobs';
import { notificationsRoutes } from './notifications.routes';
import { notificationSubscribers } from './notifications.subscribers';

export { createNotifications } from './notifications.jobs';

export const notificationsModule = defineModule({
  routes: notificationsRoutes,
  queues: notificationsQueues,
  jobs: (ctx) => ({ 'notifications.create': (payload) => createNotifications(ctx, payload) }),
  subscribers: notificationSubscribers,
});
