/** The notifications module's face: its event subscribers and its job, wired at the composition root. */
export { createNotifications } from './notifications.jobs';
export { notificationSubscribers } from './notifications.subscribers';
