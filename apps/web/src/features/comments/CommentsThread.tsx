import { COMMENT_MAX_DEPTH, type CommentT } from '@inkwell/contracts';
import { ActionIcon, Box, Button, Group, Input, Loader, Stack, Text, Textarea } from '@mantine/core';
import {
  IconBan,
  IconChevronDown,
  IconFlag,
  IconHeart,
  IconHeartFilled,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { lazy, Suspense, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { UserAvatar } from '../../components/UserAvatar';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { relativeTime } from '../../lib/relativeTime';
import { useSignInFirst } from '../../session/returnTo';
import { useSession } from '../../session/session';
import { useMyAccounts } from '../accounts/api';
import { useLikeComment } from '../likes/api';
import { useComments, useCreateComment, useDeleteComment } from './api';
import { isSendKey, useTouchOnly } from '../../lib/sendKey';
import { LazyReportDialog, type ReportTarget } from '../reports';
import { Safety, type BlockTarget } from '../safety';
import { useFirstScreenDone } from '../../lib/afterFirstScreen';

// The @ and # suggestions load with the first @ or # typed; a comment's links once the first screen is done, for a
// comment that may have any (plain text until then, in the same place).
const doors = () => import('../../components/text/textDoors');
const TextAutocomplete = lazy(() => doors().then((d) => d.loadTextAutocomplete()));
const LinkedText = lazy(() => doors().then(async (d) => ({ default: (await d.loadLinkedText()).LinkedText })));

/** A comment's words, with its @mentions (resolved by the server) and #tags as links. */
function CommentText({ comment }: { comment: CommentT }) {
  const later = useFirstScreenDone();
  if (!later || (comment.mentions.length === 0 && !comment.content.includes('#'))) return comment.content;
  return (
    <Suspense fallback={comment.content}>
      <LinkedText text={comment.content} mentions={comment.mentions} tags="any" />
    </Suspense>
  );
}

/** Comment as myself or as one of my approved accounts (spec §6). */
function useIdentities() {
  const session = useSession()!;
  const accounts = useMyAccounts();
  const approved = (accounts.data?.data ?? []).filter((a) => a.approved_status === 'approved');
  return [
    { value: 'me', label: session.name },
    ...approved.map((a) => ({ value: String(a.id), label: `${a.name} (/a/${a.username})` })),
  ];
}

function Composer({
  postId,
  parentId,
  onDone,
  autoFocus,
}: {
  postId: number;
  parentId?: number;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const touchOnly = useTouchOnly();
  const identities = useIdentities();
  const [as, setAs] = useState('me');
  const pickerId = useId();
  const [content, setContent] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const [suggest, setSuggest] = useState(false);
  const create = useCreateComment(postId);
  const send = () => {
    if (!content.trim() || create.isPending) return;
    create.mutate(
      { content, parent_comment_id: parentId ?? null, account_id: as === 'me' ? null : Number(as) },
      {
        onSuccess: () => {
          setContent('');
          onDone?.();
        },
        onError: (error) => alert('danger', errorMessage(error)),
      },
    );
  };
  return (
    <Stack gap={6}>
      {identities.length > 1 && (
        // The phone's own picker, as in compose: no positioning engine on every post page, and Mantine's
        // NativeSelect (with its combobox chevron, ~2 KB) left out of the post page's first visit.
        <Input.Wrapper label={t('comments.as')} size="xs" w={260} id={pickerId}>
          <Input
            component="select"
            id={pickerId}
            size="xs"
            pointer
            value={as}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => setAs(event.currentTarget.value)}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            rightSectionPointerEvents="none"
          >
            {identities.map((identity) => (
              <option key={identity.value} value={identity.value}>
                {identity.label}
              </option>
            ))}
          </Input>
        </Input.Wrapper>
      )}
      <Group gap="xs" align="end" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0, position: 'relative' }}>
          <Textarea
            ref={field}
            autosize
            minRows={1}
            maxRows={6}
            value={content}
            autoFocus={autoFocus}
            onChange={(e) => {
              setContent(e.currentTarget.value);
              if (/[@#]/.test(e.currentTarget.value)) setSuggest(true);
            }}
            onKeyDown={(e) => {
              if (isSendKey(e, touchOnly)) {
                e.preventDefault();
                send();
              }
            }}
            placeholder={parentId ? t('comments.reply_placeholder') : t('comments.placeholder')}
            aria-label={parentId ? t('comments.reply_placeholder') : t('comments.placeholder')}
          />
          {suggest && (
            <Suspense>
              <TextAutocomplete field={field} value={content} onChange={setContent} />
            </Suspense>
          )}
        </div>
        <ActionIcon
          size={44}
          radius="xl"
          onClick={send}
          disabled={!content.trim()}
          loading={create.isPending}
          aria-label={t('comments.send')}
        >
          <IconSend size={20} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}

function CommentItem({
  comment,
  postId,
  onReport,
  onBlock,
}: {
  comment: CommentT;
  postId: number;
  onReport: (target: ReportTarget) => void;
  onBlock: (target: BlockTarget) => void;
}) {
  const { t } = useTranslation();
  const [replying, setReplying] = useState(false);
  const like = useLikeComment(postId);
  const remove = useDeleteComment(postId);
  // Guests read the thread; liking or replying asks them to sign in and brings them back here.
  const session = useSession();
  const signInFirst = useSignInFirst();
  return (
    <Box component="li" style={{ listStyle: 'none' }} aria-label={t('comments.by', { name: comment.name })}>
      <Group gap="sm" align="start" wrap="nowrap">
        <UserAvatar url={comment.profile_url} name={comment.name} size={32} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={700} size="sm">
              {comment.name}
            </Text>
            <Text size="xs" c="dimmed">
              @{comment.username} · {relativeTime(comment.created_at, currentLocale())}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <CommentText comment={comment} />
          </Text>
          <Group gap={4} mt={2}>
            <Button
              size="compact-sm"
              variant="subtle"
              color={comment.liked ? 'red' : 'gray'}
              leftSection={comment.liked ? <IconHeartFilled size={14} /> : <IconHeart size={14} />}
              onClick={() => (session ? like.mutate(comment.id) : signInFirst())}
              aria-pressed={comment.liked}
              aria-label={t(comment.liked ? 'posts.unlike' : 'posts.like', { count: comment.likes_count })}
            >
              {comment.likes_count}
            </Button>
            {/* The third level cannot be replied to (spec §3). */}
            {comment.depth < COMMENT_MAX_DEPTH && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray"
                onClick={() => (session ? setReplying((r) => !r) : signInFirst())}
              >
                {t('comments.reply')}
              </Button>
            )}
            {comment.can_delete && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('comments.delete')}
                onClick={() =>
                  // The dialog's code comes on the first delete: a post page opened from a link never needs it.
                  void import('../../components/ConfirmDialog').then(({ confirmDelete }) =>
                    confirmDelete({
                      title: t('comments.delete'),
                      text: t('comments.delete_confirm'),
                      onConfirm: () => remove.mutate(comment.id, { onError: (e) => alert('danger', errorMessage(e)) }),
                    }),
                  )
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
            {session && !(comment.commentable_type === 'user' && comment.commentable_id === session.id) && (
              <>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('reports.report_comment')}
                  title={t('reports.report_comment')}
                  onClick={() => onReport({ type: 'comment', id: comment.id })}
                >
                  <IconFlag size={16} />
                </ActionIcon>
                {/* Its writer: the person, or the people behind the account it was written as. */}
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('safety.block_name', { name: comment.name })}
                  title={t('safety.block_name', { name: comment.name })}
                  onClick={() =>
                    onBlock({ kind: comment.commentable_type, id: comment.commentable_id, name: comment.name })
                  }
                >
                  <IconBan size={16} />
                </ActionIcon>
              </>
            )}
          </Group>
          {replying && <Composer postId={postId} parentId={comment.id} onDone={() => setReplying(false)} autoFocus />}
          {comment.replies.length > 0 && (
            <Stack component="ul" gap="sm" mt="sm" pl={0} m={0}>
              {comment.replies.map((reply) => (
                <CommentItem key={reply.id} comment={reply} postId={postId} onReport={onReport} onBlock={onBlock} />
              ))}
            </Stack>
          )}
        </div>
      </Group>
    </Box>
  );
}

/** The whole conversation under a post: a composer and comments nested up to three levels. */
export function CommentsThread({ postId }: { postId: number }) {
  const { t } = useTranslation();
  const touchOnly = useTouchOnly();
  const comments = useComments(postId);
  const session = useSession();
  const signInFirst = useSignInFirst();
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  return (
    <Stack gap="md">
      <LazyReportDialog target={reporting} onClose={() => setReporting(null)} />
      {blocking && <Safety part="block" target={blocking} onClose={() => setBlocking(null)} />}
      {session ? (
        <Composer postId={postId} />
      ) : (
        <Button variant="light" leftSection={<IconSend size={18} />} onClick={signInFirst}>
          {t('comments.sign_in')}
        </Button>
      )}
      {comments.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {comments.isError && <Text c="red">{errorMessage(comments.error)}</Text>}
      {comments.data?.data.length === 0 && (
        <EmptyState icon={<IconSend size={28} />} title={t('comments.empty_title')} body={t('comments.empty_body')} />
      )}
      <Stack component="ul" gap="md" p={0} m={0} aria-label={t('comments.title')}>
        {comments.data?.data.map((c) => (
          <CommentItem key={c.id} comment={c} postId={postId} onReport={setReporting} onBlock={setBlocking} />
        ))}
      </Stack>
      {session && (
        <Text size="xs" c="dimmed">
          {/* No Shift key to speak of on a phone, where Enter makes a new line. */}
          {touchOnly ? t('comments.depth_hint') : `${t('comments.keys_hint')} ${t('comments.depth_hint')}`}
        </Text>
      )}
    </Stack>
  );
}
