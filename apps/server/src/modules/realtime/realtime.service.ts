import { parseChannel } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { signChannel } from '../../platform/realtime';
import { mayJoinRoom } from '../chats';

/**
 * Signs a socket's subscription to a private channel that is the caller's: their own notifications, or a
 * chat room they may enter. 403 for every other channel (a room that does not exist included).
 */
export async function authorizeChannel(
  ctx: AppContext,
  auth: AuthContext,
  socketId: string,
  channelName: string,
): Promise<string> {
  const channel = parseChannel(channelName);
  const allowed =
    channel?.kind === 'notifications'
      ? channel.id === auth.user.id
      : channel?.kind === 'chat_room'
        ? await mayJoinRoom(ctx, auth, channel.id)
        : false;
  if (!allowed) throw forbidden();
  return signChannel(ctx.appSecret, socketId, channelName);
}
