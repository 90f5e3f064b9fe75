/** The realtime module's face: the signature a socket needs to join one of its private channels. */
export { channelAuthLimit, realtimeRoutes } from './realtime.routes';
