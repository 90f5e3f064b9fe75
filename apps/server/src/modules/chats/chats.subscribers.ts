import { chatRoomChannel } from '@inkwell/contracts';
import type { AppContext } from '../../platform/context';
import type { Subscriber } from '../../platform/events';
import { messageForDelivery } from './chats.service';

/** Realtime fan-out: a committed message goes to the sockets subscribed to its room's channel. */
export function chatsSubscribers(ctx: AppContext): { 'chat.message_created': Subscriber<'chat.message_created'>[] } {
  return {
    'chat.message_created': [
      async (event) => {
        const delivery = await messageForDelivery(ctx, event.message_id);
        if (!delivery) return;
        ctx.realtime.emit(chatRoomChannel(event.room_id), 'ChatMessageSent', { chatMessage: delivery.message });
      },
    ],
  };
}
