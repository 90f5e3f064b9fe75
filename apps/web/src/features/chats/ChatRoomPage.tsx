import { PRODUCT_NAME, type ChatMessage, type ChatRoomResponse } from '@inkwell/contracts';
import { useIntersection } from '@mantine/hooks';
import { ActionIcon, Alert, Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBan, IconFlag, IconMessageCircle } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { UserAvatar } from '../../components/UserAvatar';
import { currentLocale } from '../../i18n';
import { relativeTime } from '../../lib/relativeTime';
import { useSession } from '../../session/session';
import { ChatComposer } from './ChatComposer';
import { RoomAvatars, roomTitle } from './ChatsPage';
import { useChatRoom } from './useChatRoom';
import { LazyReportDialog, type ReportTarget } from '../reports';
import { Safety, type BlockTarget } from '../safety';
import classes from './chats.module.css';
import { NotFound, isNotFound } from '../../components/NotFound';
import a11y from '../../components/a11y.module.css';

/** How close to the bottom counts as "reading the newest": new messages then scroll into view. */
const NEAR_BOTTOM_PX = 160;

const scrollRoot = () => document.scrollingElement ?? document.documentElement;

function Bubble({
  message,
  mine,
  showSender,
  onReport,
}: {
  message: ChatMessage;
  mine: boolean;
  showSender: boolean;
  onReport: (target: ReportTarget) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group
      gap={6}
      wrap="nowrap"
      align="end"
      className={classes.row}
      data-mine={mine || undefined}
      data-testid="chat-message"
    >
      {showSender && <UserAvatar url={message.from_profile_url} name={message.from_name} size={28} />}
      <div className={`${classes.bubble} ${mine ? classes.mine : classes.theirs}`}>
        {showSender && (
          <Text size="xs" fw={700} mb={2}>
            {message.from_name}
          </Text>
        )}
        {message.image && (
          <a href={message.image} target="_blank" rel="noreferrer">
            <img src={message.image} alt="" className={classes.picture} loading="lazy" />
          </a>
        )}
        {message.message && <Text size="sm">{message.message}</Text>}
        <Text size="xs" c={mine ? 'white' : 'dimmed'} ta="right" mt={2}>
          <time dateTime={message.date}>{relativeTime(message.date, currentLocale())}</time>
        </Text>
      </div>
      {!mine && (
        <ActionIcon
          variant="subtle"
          color="gray"
          className={classes.report}
          aria-label={t('reports.report_message')}
          title={t('reports.report_message')}
          onClick={() => onReport({ type: 'chat_message', id: message.id })}
        >
          <IconFlag size={14} />
        </ActionIcon>
      )}
    </Group>
  );
}

/**
 * Whom blocking from a room reaches: the other person of a 1:1 chat, or the people behind the account I write
 * to. Nobody in a group (each message there can be reported).
 */
function blockTargetOf(room: ChatRoomResponse): BlockTarget | null {
  if (room.is_group) return null;
  if (room.account && !room.as_account) return { kind: 'account', id: room.account.id, name: room.account.name };
  const [other, ...more] = room.users;
  return other && more.length === 0 ? { kind: 'user', id: other.id, name: other.name } : null;
}

function BlockButton({ room, onBlock }: { room: ChatRoomResponse; onBlock: (target: BlockTarget) => void }) {
  const { t } = useTranslation();
  const target = blockTargetOf(room);
  if (!target) return null;
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size={44}
      aria-label={t('safety.block_name', { name: target.name })}
      title={t('safety.block_name', { name: target.name })}
      onClick={() => onBlock(target)}
    >
      <IconBan size={20} />
    </ActionIcon>
  );
}

function Room({ roomId }: { roomId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const room = useChatRoom(roomId);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  const { ref: topRef, entry: top } = useIntersection({ rootMargin: '200px' });
  const { hasOlder, loadOlder, loadingOlder } = room;
  const info: ChatRoomResponse | undefined = room.first.data;
  const title = info ? roomTitle(info, t('chats.nobody')) : '';

  useEffect(() => {
    if (title) document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);

  // Scrolling up to the top loads the page before; the reader stays where they were (no jump).
  const distanceFromBottom = useRef<number | null>(null);
  useEffect(() => {
    if (top?.isIntersecting && hasOlder && !loadingOlder) {
      distanceFromBottom.current = scrollRoot().scrollHeight - scrollRoot().scrollTop;
      void loadOlder();
    }
  }, [top?.isIntersecting, hasOlder, loadingOlder, loadOlder]);
  useLayoutEffect(() => {
    if (distanceFromBottom.current === null) return;
    scrollRoot().scrollTop = scrollRoot().scrollHeight - distanceFromBottom.current;
    distanceFromBottom.current = null;
  }, [room.olderCount]);

  // The newest message in view: at opening, and as messages come while the reader is near the bottom.
  const newestId = room.messages.at(-1)?.id;
  const lastFrom = room.messages.at(-1)?.from;
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (newestId === undefined) return;
    const root = scrollRoot();
    const near = root.scrollHeight - root.scrollTop - root.clientHeight < NEAR_BOTTOM_PX + 400;
    if (!opened.current || near || lastFrom === session?.id) root.scrollTop = root.scrollHeight;
    opened.current = true;
  }, [newestId, lastFrom, session?.id]);

  if (room.first.isPending) return <PageLoader />;
  if (room.first.isError) {
    if (isNotFound(room.first.error)) return <NotFound />;
    const forbidden = room.first.error instanceof ApiError && room.first.error.status === 403;
    return (
      <Stack>
        <BackBar title={t('titles.chats')} to="/chats" />
        <Alert color="red">{forbidden ? t('chats.not_yours') : errorMessage(room.first.error)}</Alert>
        <Anchor component={Link} to="/chats" className={a11y.link}>
          {t('chats.back_to_chats')}
        </Anchor>
      </Stack>
    );
  }
  // Who said what matters when more than one person can answer: groups, and chats with an account.
  const group = info!.is_group || info!.account !== null;
  const subtitle = info!.account && !info!.as_account ? `/a/${info!.account.username}` : undefined;

  return (
    <div className={classes.screen}>
      <BackBar
        to="/chats"
        right={<BlockButton room={info!} onBlock={setBlocking} />}
        title={
          <Group gap="sm" wrap="nowrap" component="span">
            <RoomAvatars
              room={{
                roomId,
                users: info!.users,
                account: info!.account,
                as_account: info!.as_account,
                is_group: info!.is_group,
                lastMessage: null,
                unread: 0,
                updated_at: '',
              }}
              size={36}
            />
            <Stack gap={0} component="span" style={{ minWidth: 0 }}>
              <Text component="span" fw={700} fz="lg" lineClamp={1}>
                {title}
              </Text>
              {subtitle && (
                <Text component="span" size="xs" c="dimmed">
                  {subtitle}
                </Text>
              )}
            </Stack>
          </Group>
        }
      />
      <div ref={topRef} />
      {hasOlder && (
        <Center py="xs">
          {loadingOlder ? (
            <Loader size="sm" aria-label={t('app.loading')} />
          ) : (
            <Button variant="subtle" size="compact-sm" onClick={() => void loadOlder()}>
              {t('chats.earlier')}
            </Button>
          )}
        </Center>
      )}
      {room.olderError !== null && <Alert color="red">{errorMessage(room.olderError)}</Alert>}
      {room.messages.length === 0 ? (
        <EmptyRoom />
      ) : (
        <MessageLog messages={room.messages} me={session?.id} group={group} onReport={setReporting} />
      )}
      <ChatComposer roomId={roomId} onSent={(message) => room.append([message])} />
      <LazyReportDialog target={reporting} onClose={() => setReporting(null)} />
      {blocking && <Safety part="block" target={blocking} onClose={() => setBlocking(null)} />}
    </div>
  );
}

/** The room's messages, oldest first; the others' each with a way to report it. */
function MessageLog({
  messages,
  me,
  group,
  onReport,
}: {
  messages: ChatMessage[];
  me: number | undefined;
  group: boolean;
  onReport: (target: ReportTarget) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.messages} role="log" aria-live="polite" aria-label={t('chats.messages_label')}>
      {messages.map((message) => {
        const mine = message.from === me;
        return (
          <Bubble key={message.id} message={message} mine={mine} showSender={!mine && group} onReport={onReport} />
        );
      })}
    </div>
  );
}

/** A room with no messages yet: it takes the space the messages will, so the composer is at the bottom from the start. */
function EmptyRoom() {
  const { t } = useTranslation();
  return (
    <div className={classes.empty}>
      <EmptyState
        icon={<IconMessageCircle size={32} />}
        title={t('chats.say_hello')}
        body={t('chats.say_hello_body')}
      />
    </div>
  );
}

/** `/chats/{roomId}`: one conversation, live. */
export function ChatRoomPage() {
  const roomId = Number(useParams().roomId);
  if (!Number.isInteger(roomId) || roomId <= 0) return <Navigate to="/404" replace />;
  // A new room starts from nothing: its pages, live messages and scroll are its own.
  return <Room key={roomId} roomId={roomId} />;
}
