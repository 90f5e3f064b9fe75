import { parseChannel } from '@inkwell/contracts';
import { liveSessions, type AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { signChannel, type SocketAccess } from '../../platform/realtime';
import { mayJoinRoom } from '../chats';

/** Whether the person may hold the channel: their own notifications, or a chat room they may enter. */
async function mayHold(ctx: AppContext, userId: number, channelName: string): Promise<boolean> {
  const channel = parseChannel(channelName);
  if (channel?.kind === 'notifications') return channel.id === userId;
  if (channel?.kind === 'chat_room') return mayJoinRoom(ctx, userId, channel.id);
  return false;
}

/**
 * Signs a socket's subscription to a private channel that is the caller's: their own notifications, or a
 * chat room they may enter. 403 for every other channel (a room that does not exist included). The socket is
 * bound to the caller's session first, so it lives no longer than that session.
 */
export async function authorizeChannel(
  ctx: AppContext,
  auth: AuthContext,
  socketId: string,
  channelName: string,
): Promise<string> {
  if (!(await mayHold(ctx, auth.user.id, channelName))) throw forbidden();
  ctx.realtime.bind(socketId, { tokenId: auth.tokenId, userId: auth.user.id });
  return signChannel(ctx.appSecret, socketId, channelName);
}

/** What the sockets ask on each event: whether their sessions stand, and whether a channel is still theirs. */
export function socketAccess(ctx: AppContext): SocketAccess {
  return {
    liveSessions: (tokenIds) => liveSessions(ctx.db, tokenIds),
    async mayHold(people, channel) {
      for (const userId of people) if (await mayHold(ctx, userId, channel)) return true;
      return false;
    },
  };
}
