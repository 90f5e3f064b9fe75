export { createRealtime, type Realtime, type RealtimeSettings, type SocketAccess } from './realtime';
export { signChannel, verifyChannel } from './signing';
