import { chatRoomChannel } from '@inkwell/contracts';
import type { AppContext } from '../../platform/context';
import type { Subscriber } from '../../platform/events';
import { mayJoinRoom } from '../chats';

type Handled = 'user.sessions_ended' | 'user.suspension_changed' | 'chat.member_left';

/**
 * Realtime ends with what gave it: sockets opened with ended sessions close, a suspended person's close, and a
 * person who left a room stops hearing its channel (their other channels stay), in every process.
 */
export function realtimeSubscribers(ctx: AppContext): { [K in Handled]: Subscriber<K>[] } {
  return {
    'user.sessions_ended': [
      function closeSessionSockets(event) {
        ctx.realtime.endSessions(event.token_ids);
      },
    ],
    'user.suspension_changed': [
      function closeSuspendedSockets(event) {
        if (event.suspended) ctx.realtime.endPerson(event.user_id);
      },
    ],
    'chat.member_left': [
      async function leaveRoomChannel(event) {
        // An owner of the room's account may still enter it, membership row or not.
        if (await mayJoinRoom(ctx, event.user_id, event.room_id)) return;
        ctx.realtime.leave(chatRoomChannel(event.room_id), event.user_id);
      },
    ],
  };
}
