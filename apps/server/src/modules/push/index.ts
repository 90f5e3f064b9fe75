/**
 * The push module's face: browsers' Web Push subscriptions, the VAPID key, and the job that sends. A browser's
 * endpoint belongs to whoever registered it; another person's registration of it is refused (409) unless it
 * carries exactly the keys kept for it, which proves it holds the subscription (push.service: subscribe).
 */
export { pushRoutes, pushSubscribeLimit } from './push.routes';
export { deliver as deliverPush, pushQueues } from './push.service';
export { pushSubscribers } from './push.subscribers';
