/**
 * The realtime module's face: the signature a socket needs to join one of its private channels, what the
 * sockets ask on each event, and the subscribers that end realtime with the session or membership behind it.
 */
import { defineModule } from '../../platform/module';
import { realtimeRoutes } from './realtime.routes';
import { realtimeSubscribers } from './realtime.subscribers';

export { channelAuthLimit } from './realtime.routes';
export { socketAccess } from './realtime.service';

export const realtimeModule = defineModule({ routes: realtimeRoutes, subscribers: realtimeSubscribers });
