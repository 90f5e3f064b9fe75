/** The chats module's face: rooms and messages, who may join a room's channel, and its realtime fan-out. */
import { defineModule } from '../../platform/module';
import { chatsRoutes } from './chats.routes';
import { chatsSubscribers } from './chats.subscribers';

export { chatMessageLimit, chatRoomLimit } from './chats.routes';
export { mayJoinRoom, messageForDelivery } from './chats.service';
export { joinMembersRoom, leaveMembersRoom } from './members-room';

export const chatsModule = defineModule({ routes: chatsRoutes, subscribers: chatsSubscribers });
