import { REJECT_REASON_MAX_LENGTH, REJECT_REASON_MIN_LENGTH, type Post } from '@inkwell/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconArrowLeft, IconBan, IconExternalLink } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { fieldErrors } from '../../api/client';
import { UserAvatar } from '../../components/UserAvatar';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { longDate } from '../../lib/dates';
import { numberFormat } from '../../lib/numbers';
import { ErrorAlert } from '../components/ErrorAlert';
import { usePermission } from '../usePermission';
import { useAdminPost, useRejectPost, useRestorePost } from './api';
import { PostTypeIcon } from './PostTypeIcon';
import { NotFound, isNotFound } from '../../components/NotFound';

/** An article's words without their markup (it was sanitised on the server; nothing here runs it). */
function textOf(post: Post): string {
  if (!post.content) return '';
  if (post.type !== 'post') return post.content;
  return new DOMParser().parseFromString(post.content, 'text/html').body.textContent?.trim() ?? '';
}

/**
 * The spec's post detail: read-only slug and type, like and comment counts, the author account, Back, and
 * Reject (with a reason the author reads); a rejected post shows its reason and can be restored.
 */
export function PostDetailPage() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const post = useAdminPost(slug);

  return (
    <Stack gap="md" maw={760}>
      <Group>
        <Button component={Link} to="/admin/posts" variant="default" mih={44} leftSection={<IconArrowLeft size={18} />}>
          {t('admin.common.back')}
        </Button>
      </Group>
      {isNotFound(post.error) ? <NotFound home="/admin/posts" headingOrder={2} /> : <ErrorAlert error={post.error} />}
      {post.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Center>
      ) : post.data ? (
        <PostDetail post={post.data} />
      ) : null}
    </Stack>
  );
}

function PostDetail({ post }: { post: Post }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const n = numberFormat(locale);
  const mayModerate = usePermission('posts.moderate');
  const [rejecting, setRejecting] = useState(false);
  const restore = useRestorePost(post.id);
  const text = textOf(post);

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="center">
        <PostTypeIcon type={post.type} />
        <Title order={2} fz="h3" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {post.title || t('admin.posts.post_n', { id: post.id })}
        </Title>
        <Badge color={post.status === 'rejected' ? 'red' : 'green'} variant="light" style={{ flexShrink: 0 }}>
          {t(`admin.posts.statuses.${post.status}`)}
        </Badge>
      </Group>

      {post.status === 'rejected' && (
        <Alert color="red" icon={<IconBan size={18} />} title={t('admin.posts.rejected_title')}>
          <Stack gap={4}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {post.rejected_reason}
            </Text>
            {post.rejected_at && (
              <Text size="sm" c="dimmed">
                {t('admin.posts.rejected_on', { date: longDate(post.rejected_at, locale) })}
              </Text>
            )}
          </Stack>
        </Alert>
      )}

      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('admin.posts.slug')} value={post.slug} readOnly size="md" />
            <TextInput label={t('admin.posts.type')} value={t(`admin.posts.types.${post.type}`)} readOnly size="md" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Fact label={t('admin.posts.col_likes')} value={n.format(post.likes_count)} />
            <Fact label={t('admin.posts.col_comments')} value={n.format(post.comments_count)} />
            <Fact label={t('admin.posts.col_created')} value={longDate(post.created_at, locale)} />
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('admin.posts.author_account')}
            </Text>
            <Anchor
              component={Link}
              to={`/a/${post.account.username}`}
              style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minHeight: 44 }}
            >
              <UserAvatar url={post.account.profile_url} name={post.account.name} size={32} />
              <span>
                {post.account.name} (@{post.account.username})
              </span>
            </Anchor>
          </div>
          {text && (
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t('admin.posts.col_content')}
              </Text>
              <Text size="sm" lineClamp={8} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {text}
              </Text>
            </div>
          )}
          <Group>
            <Anchor
              component={Link}
              to={`/posts/${encodeURIComponent(post.slug)}`}
              style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 44 }}
            >
              <IconExternalLink size={16} aria-hidden />
              {t('admin.posts.view_in_app')}
            </Anchor>
          </Group>
        </Stack>
      </Card>

      {mayModerate && (
        <Group gap="sm">
          {post.status === 'rejected' ? (
            <Button
              color="green"
              mih={44}
              leftSection={<IconArrowBackUp size={18} />}
              loading={restore.isPending}
              onClick={() =>
                restore.mutate(undefined, { onSuccess: () => alert('success', t('admin.posts.restored_done')) })
              }
            >
              {t('admin.posts.restore')}
            </Button>
          ) : (
            <Button color="red" mih={44} leftSection={<IconBan size={18} />} onClick={() => setRejecting(true)}>
              {t('admin.posts.reject')}
            </Button>
          )}
        </Group>
      )}
      <ErrorAlert error={restore.error} />
      {mayModerate && <RejectDialog post={post} opened={rejecting} onClose={() => setRejecting(false)} />}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** Asks for the reason (required: the author reads it), then rejects. */
function RejectDialog({ post, opened, onClose }: { post: Post; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectPost(post.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    reject.reset();
    setError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < REJECT_REASON_MIN_LENGTH) {
      setError(t('admin.posts.reason_too_short', { min: REJECT_REASON_MIN_LENGTH }));
      return;
    }
    reject.mutate(trimmed, {
      onSuccess: () => {
        setReason('');
        close();
        alert('success', t('admin.posts.rejected_done'));
      },
    });
  };
  const serverError = fieldErrors(reject.error).reason;

  return (
    <Modal opened={opened} onClose={close} title={t('admin.posts.reject_title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('admin.posts.reject_intro')}</Text>
          <Textarea
            label={t('admin.posts.reason_label')}
            styles={{ description: { lineHeight: 1.6 } }}
            description={t('admin.posts.reason_hint', {
              min: REJECT_REASON_MIN_LENGTH,
              max: REJECT_REASON_MAX_LENGTH,
            })}
            placeholder={t('admin.posts.reason_placeholder')}
            required
            rows={4}
            maxLength={REJECT_REASON_MAX_LENGTH}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            error={error ?? serverError}
            data-autofocus
          />
          {!serverError && <ErrorAlert error={reject.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" mih={44} onClick={close}>
              {t('admin.posts.cancel')}
            </Button>
            <Button type="submit" color="red" mih={44} loading={reject.isPending}>
              {t('admin.posts.confirm_reject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
