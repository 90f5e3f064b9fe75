/** The chats module's face: rooms and messages, who may join a room's channel, and its realtime fan-out. */
export { chatMessageLimit, chatRoomLimit, chatsRoutes } from './chats.routes';
export { mayJoinRoom, messageForDelivery } from './chats.service';
export { chatsSubscribers } from './chats.subscribers';
