/** The notifications module's face: its routes, event subscribers and job, wired at the composition root. */
export { createNotifications, notificationsQueues } from './notifications.jobs';
export { notificationsRoutes } from './notifications.routes';
export { notificationSubscribers } from './notifications.subscribers';
