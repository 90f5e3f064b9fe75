import { chatsSubscribers } from './modules/chats';
import { insightsSubscribers } from './modules/insights';
import { mediaSubscribers } from './modules/media';
import { notificationSubscribers } from './modules/notifications';
import { timelineSubscribers } from './modules/posts';
import { pushSubscribers } from './modules/push';
import { realtimeSubscribers } from './modules/realtime';
import { usersSubscribers } from './modules/users';
import type { AppContext } from './platform/context';
import type { EventSubscribers } from './platform/events';

/**
 * The registry: every domain event and who hears it, after its transaction commits. Each event has a line,
 * so a new event in the contract does not compile until someone decides who hears it (`[]`: nobody yet).
 * Subscribers stay quick: they queue jobs (notifications, push, counters, timeline fan-out), emit to sockets,
 * or write a few rows (a follow's copy of the account's recent posts into the reader's timeline).
 */
export function eventSubscribers(ctx: AppContext): EventSubscribers {
  const notifications = notificationSubscribers(ctx);
  const users = usersSubscribers(ctx);
  const chats = chatsSubscribers(ctx);
  const insights = insightsSubscribers(ctx);
  const push = pushSubscribers(ctx);
  const timeline = timelineSubscribers(ctx);
  const media = mediaSubscribers(ctx);
  const realtime = realtimeSubscribers(ctx);
  return {
    'post.created': [notifications['post.created'], timeline['post.created']],
    'post.updated': [],
    'post.deleted': [],
    'post.rejected': [notifications['post.rejected']],
    'post.restored': [notifications['post.restored']],
    'post.liked': [notifications['post.liked'], insights['post.liked']],
    'post.unliked': [insights['post.unliked']],
    'comment.created': [notifications['comment.created']],
    'comment.deleted': [],
    'comment.liked': [notifications['comment.liked']],
    'comment.unliked': [],
    'account.followed': [notifications['account.followed'], insights['account.followed'], timeline['account.followed']],
    'account.unfollowed': [insights['account.unfollowed'], timeline['account.unfollowed']],
    'account.created': [],
    'account.deleted': [],
    'account.approval_changed': [notifications['account.approval_changed']],
    'organization.approval_changed': [notifications['organization.approval_changed']],
    'user.email_changed': [users['user.email_changed']],
    'user.sessions_ended': [realtime['user.sessions_ended']],
    'user.suspension_changed': [realtime['user.suspension_changed']],
    'friend.requested': [notifications['friend.requested']],
    'friend.accepted': [notifications['friend.accepted']],
    'chat.message_created': [chats['chat.message_created'], notifications['chat.message_created']],
    'chat.member_left': [realtime['chat.member_left']],
    'subscription.started': [notifications['subscription.started']],
    'subscription.ending': [notifications['subscription.ending']],
    'subscription.ended': [notifications['subscription.ended']],
    'notifications.created': [notifications['notifications.created'], push['notifications.created']],
    'media.progressed': [media['media.progressed']],
  };
}
