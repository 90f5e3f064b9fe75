/** The push module's face: browsers' Web Push subscriptions, the VAPID key, and the job that sends. */
export { pushRoutes, pushSubscribeLimit } from './push.routes';
export { deliver as deliverPush, pushQueues } from './push.service';
export { pushSubscribers } from './push.subscribers';
