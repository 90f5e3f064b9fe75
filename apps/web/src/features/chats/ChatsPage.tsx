import type { ChatRoomSummary, Friend, Person } from '@inkwell/contracts';
import { Alert, Avatar, Badge, Button, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { IconMessageCircle, IconMessagePlus, IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { AvatarName } from '../../components/AvatarName';
import { RelativeTime } from '../../components/RelativeTime';
import { UserAvatar } from '../../components/UserAvatar';
import { useSession } from '../../session/session';
import { FriendButtons } from '../friends';
import { useFriendList } from '../friends/api';
import { useChatRooms, useOpenChat } from './api';
import classes from './chats.module.css';

/** What a room is called: the account, or its other people's names. */
export function roomTitle(room: Pick<ChatRoomSummary, 'account' | 'users' | 'as_account'>, fallback: string): string {
  if (room.account && !room.as_account) return room.account.name;
  const names = room.users.map((u) => u.name).join(', ');
  return room.account ? `${names || fallback} → ${room.account.name}` : names || fallback;
}

/** The room's pictures: the account's, one person's, or every member's when there are more than two of us. */
export function RoomAvatars({ room, size = 48 }: { room: ChatRoomSummary; size?: number }) {
  if (room.account && !room.as_account)
    return <UserAvatar url={room.account.profile_url} name={room.account.name} size={size} />;
  if (room.users.length <= 1) {
    const user = room.users[0];
    return <UserAvatar url={user?.profile_url} name={user?.name ?? ''} size={size} />;
  }
  return (
    <Avatar.Group spacing={size / 3}>
      {room.users.map((u) => (
        <UserAvatar key={u.id} url={u.profile_url} name={u.name} size={size * 0.75} />
      ))}
    </Avatar.Group>
  );
}

function RoomRow({ room }: { room: ChatRoomSummary }) {
  const { t } = useTranslation();
  const session = useSession();
  const last = room.lastMessage;
  const mine = last && last.from === session?.id;
  const text = last ? (last.message ?? t('chats.sent_photo')) : t('chats.no_messages_yet');
  const title = roomTitle(room, t('chats.nobody'));
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component={Link}
      to={`/chats/${room.roomId}`}
      className={classes.room}
      aria-label={room.unread ? t('chats.room_unread', { title, count: room.unread }) : title}
    >
      <Group wrap="nowrap" gap="sm" align="center">
        <RoomAvatars room={room} />
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={room.unread ? 700 : 600} truncate>
              {title}
            </Text>
            {last && (
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                <RelativeTime value={last.date} />
              </Text>
            )}
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c={room.unread ? undefined : 'dimmed'} truncate>
              {last && (mine ? t('chats.you_prefix') : room.is_group ? `${last.from_name}: ` : '')}
              {text}
            </Text>
            {room.unread > 0 && (
              <Badge circle size="lg" style={{ flexShrink: 0 }}>
                {room.unread}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/** Friends to start talking with, in a strip that scrolls sideways. */
function FriendsStrip() {
  const { t } = useTranslation();
  const friends = useFriendList('friends');
  const openChat = useOpenChat();
  const list = friends.data?.pages.flatMap((p) => p.data) ?? [];
  if (friends.isPending) return null;
  return (
    <section aria-labelledby="friends-strip">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h5" id="friends-strip">
          {t('chats.friends')}
        </Title>
        <Button component={Link} to="/find" variant="subtle" size="compact-sm">
          {t('chats.find_people')}
        </Button>
      </Group>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('chats.no_friends')}
        </Text>
      ) : (
        <div className={classes.strip}>
          <Group wrap="nowrap" gap="sm" pb={4}>
            {list.map((friend: Friend) => (
              <UnstyledButton
                key={friend.id}
                className={classes.friend}
                onClick={() => openChat.mutate({ userIds: [friend.id], isAccount: false })}
                aria-label={t('chats.message_person', { name: friend.name })}
                disabled={openChat.isPending}
              >
                <UserAvatar url={friend.profile_url} name={friend.name} size={52} />
                <Text size="xs" lineClamp={1} ta="center">
                  {friend.name}
                </Text>
              </UnstyledButton>
            ))}
          </Group>
        </div>
      )}
    </section>
  );
}

/** People who asked to be my friend, to accept or decline here. */
function FriendRequests() {
  const { t } = useTranslation();
  const requests = useFriendList('requests');
  const list = requests.data?.pages.flatMap((p) => p.data) ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="friend-requests">
      <Title order={2} fz="h5" id="friend-requests" mb="xs">
        {t('friends.requests_title')}
      </Title>
      <Stack gap="xs">
        {list.map((friend) => {
          const person: Person = {
            ...friend,
            is_friend: false,
            pending_friend_request: false,
            awaiting_friend_request: true,
            is_me: false,
            is_blocked: false,
          };
          return (
            <Card key={friend.id} withBorder radius="md" padding="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Link to={`/u/${friend.id}`} className={classes.plainLink}>
                  <AvatarName
                    url={friend.profile_url}
                    name={friend.name}
                    size={40}
                    gap="sm"
                    detail={<RelativeTime value={friend.since} />}
                    detailSize="xs"
                  />
                </Link>
                <FriendButtons person={person} />
              </Group>
            </Card>
          );
        })}
      </Stack>
    </section>
  );
}

/** `/chats`: friend requests, friends to talk with, then my rooms, newest activity first. */
export function ChatsPage() {
  const { t } = useTranslation();
  const rooms = useChatRooms();
  const { ref, entry } = useIntersection({ rootMargin: '300px' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = rooms;
  useEffect(() => {
    if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [entry?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const list = rooms.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} fz="h3">
          {t('titles.chats')}
        </Title>
        <Button component={Link} to="/find" leftSection={<IconMessagePlus size={18} />} variant="light">
          {t('chats.new_chat')}
        </Button>
      </Group>
      <FriendRequests />
      <FriendsStrip />
      <section aria-labelledby="chat-rooms">
        <Title order={2} fz="h5" id="chat-rooms" mb="xs">
          {t('chats.conversations')}
        </Title>
        {rooms.isPending && <PageLoader />}
        {rooms.isError && <Alert color="red">{errorMessage(rooms.error)}</Alert>}
        {rooms.isSuccess && list.length === 0 && (
          <EmptyState
            icon={<IconMessageCircle size={32} />}
            title={t('chats.empty_title')}
            body={t('chats.empty_body')}
            action={
              <Button component={Link} to="/find" leftSection={<IconUsers size={18} />}>
                {t('chats.find_people')}
              </Button>
            }
          />
        )}
        <Stack gap="xs">
          {list.map((room) => (
            <RoomRow key={room.roomId} room={room} />
          ))}
        </Stack>
        <div ref={ref} />
        {hasNextPage && (
          <Button variant="light" fullWidth mt="sm" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
            {t('posts.load_more')}
          </Button>
        )}
      </section>
    </Stack>
  );
}
