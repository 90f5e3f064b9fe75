import { createHmac, timingSafeEqual } from 'node:crypto';

/** The channel signature of the protocol: hex HMAC-SHA256 of `socket_id:channel_name` with the app secret. */
export function signChannel(secret: string, socketId: string, channel: string): string {
  return createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex');
}

/** Whether `auth` signs exactly this socket and channel (constant time). */
export function verifyChannel(secret: string, socketId: string, channel: string, auth: string): boolean {
  const expected = Buffer.from(signChannel(secret, socketId, channel), 'utf8');
  const given = Buffer.from(auth, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
