/**
 * The realtime module's face: the signature a socket needs to join one of its private channels, what the
 * sockets ask on each event, and the subscribers that end realtime with the session or membership behind it.
 */
export { channelAuthLimit, realtimeRoutes } from './realtime.routes';
export { socketAccess } from './realtime.service';
export { realtimeSubscribers } from './realtime.subscribers';
