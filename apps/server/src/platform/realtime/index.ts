export { createRealtime, type Realtime, type RealtimeSettings } from './realtime';
export { signChannel, verifyChannel } from './signing';
