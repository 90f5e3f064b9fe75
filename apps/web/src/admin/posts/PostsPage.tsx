import {
  MODERATED_STATUSES,
  POST_TYPES,
  type AdminPost,
  type ModeratedStatus,
  type PostType,
} from '@inkwell/contracts';
import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconFileImport, IconNews, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { UserAvatar } from '../../components/UserAvatar';
import { currentLocale } from '../../i18n';
import { longDate } from '../../lib/dates';
import { numberFormat } from '../../lib/numbers';
import { ErrorAlert } from '../components/ErrorAlert';
import { ServerPagination } from '../components/ServerPagination';
import { usePermission } from '../usePermission';
import { usePostsPage } from './api';
import { PostTypeIcon } from './PostTypeIcon';

const isType = (value: string | null): value is PostType => (POST_TYPES as readonly string[]).includes(value ?? '');
const isStatus = (value: string | null): value is ModeratedStatus =>
  (MODERATED_STATUSES as readonly string[]).includes(value ?? '');

/** The search words, filters and page, kept in the address (a change names its page; none is the first). */
function usePostsParams() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const typeParam = params.get('type');
  const statusParam = params.get('status');
  const type = isType(typeParam) ? typeParam : undefined;
  const status = isStatus(statusParam) ? statusParam : undefined;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const update = (next: { q?: string; type?: PostType | null; status?: ModeratedStatus | null; page?: number }) =>
    setParams((previous) => {
      const out = new URLSearchParams(previous);
      const set = (key: string, value: string | null | undefined) => (value ? out.set(key, value) : out.delete(key));
      if (next.q !== undefined) set('q', next.q.trim());
      if (next.type !== undefined) set('type', next.type);
      if (next.status !== undefined) set('status', next.status);
      set('page', next.page && next.page > 1 ? String(next.page) : null);
      return out;
    });
  return { q, type, status, page, update };
}

/**
 * The spec's post table (id, type icon, content cut at 150 px, account, likes, comments, created date): searched
 * with Enter, filtered by type and status, paged by the server. The filters live in the address.
 */
export function PostsPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const mayImport = usePermission('posts.import');
  const { q, type, status, page, update } = usePostsParams();
  const [typed, setTyped] = useState(q);
  // Back and forward (or a link) change the address: the box follows it.
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setTyped(q);
  }
  const posts = usePostsPage({ q, type, status, page });

  const rows = posts.data?.data ?? [];
  const total = posts.data?.meta.total;
  const filtered = Boolean(q || type || status);

  return (
    <Stack gap="md">
      <Group align="end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t('admin.posts.search_label')}
          placeholder={t('admin.posts.search_placeholder')}
          leftSection={<IconSearch size={18} />}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') update({ q: typed, page: 1 });
          }}
          size="md"
          style={{ flex: '3 1 260px' }}
        />
        <Select
          size="md"
          label={t('admin.posts.type_filter')}
          data={[
            { value: 'all', label: t('admin.posts.all_types') },
            ...POST_TYPES.map((value) => ({ value, label: t(`admin.posts.types.${value}`) })),
          ]}
          value={type ?? 'all'}
          allowDeselect={false}
          onChange={(value) => update({ type: isType(value) ? value : null, page: 1 })}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
        />
        <Select
          size="md"
          label={t('admin.posts.status_filter')}
          data={[
            { value: 'all', label: t('admin.posts.all_statuses') },
            ...MODERATED_STATUSES.map((value) => ({ value, label: t(`admin.posts.statuses.${value}`) })),
          ]}
          value={status ?? 'all'}
          allowDeselect={false}
          onChange={(value) => update({ status: isStatus(value) ? value : null, page: 1 })}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
        />
      </Group>

      <ErrorAlert error={posts.error} />

      {posts.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Center>
      ) : total === 0 ? (
        filtered ? (
          <EmptyState
            icon={<IconSearch size={32} />}
            title={t('admin.posts.empty_search_title')}
            body={t('admin.posts.empty_search_body')}
            action={
              <Button variant="light" mih={44} onClick={() => update({ q: '', type: null, status: null, page: 1 })}>
                {t('admin.posts.clear_filters')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<IconNews size={32} />}
            title={t('admin.posts.empty_title')}
            body={t('admin.posts.empty_body')}
            action={
              mayImport ? (
                <Button component={Link} to="/admin/posts/import" mih={44} leftSection={<IconFileImport size={18} />}>
                  {t('admin.posts.import_link')}
                </Button>
              ) : undefined
            }
          />
        )
      ) : total !== undefined ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('admin.posts.found', { count: total, n: numberFormat(locale).format(total) })}
          </Text>
          <PostsTable rows={rows} placeholder={posts.isPlaceholderData} />
        </>
      ) : null}

      <ServerPagination meta={posts.data?.meta} onPage={(next) => update({ page: next })} />
    </Stack>
  );
}

function PostRow({ post }: { post: AdminPost }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const n = numberFormat(locale);
  const text = [post.title, post.content].filter(Boolean).join(' — ');
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor
          component={Link}
          to={`/admin/posts/${encodeURIComponent(post.slug)}`}
          fw={600}
          aria-label={t('admin.posts.open_post', { id: post.id })}
          style={{ display: 'inline-block', minWidth: 44, minHeight: 44, lineHeight: '44px' }}
        >
          {post.id}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <PostTypeIcon type={post.type} />
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="start">
          <Tooltip label={text} multiline maw={320} disabled={!text} openDelay={300}>
            <Text size="sm" truncate="end" style={{ maxWidth: 150 }} tabIndex={text ? 0 : undefined}>
              {text || t('admin.posts.no_text')}
            </Text>
          </Tooltip>
          {post.status === 'rejected' && (
            <Badge color="red" variant="light" title={post.rejected_reason ?? undefined}>
              {t('admin.posts.statuses.rejected')}
            </Badge>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Anchor
          component={Link}
          to={`/a/${post.account.username}`}
          c="inherit"
          underline="hover"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minHeight: 44 }}
        >
          <UserAvatar url={post.account.profile_url} name={post.account.name} size={32} />
          <Text size="sm" component="span">
            @{post.account.username}
          </Text>
        </Anchor>
      </Table.Td>
      <Table.Td ta="end">{n.format(post.likes_count)}</Table.Td>
      <Table.Td ta="end">{n.format(post.comments_count)}</Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={post.created_at}>{longDate(post.created_at, locale)}</time>
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The posts of this page, dimmed while the next page loads. */
function PostsTable({ rows, placeholder }: { rows: AdminPost[]; placeholder: boolean }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: placeholder ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.common.id')}</Table.Th>
            <Table.Th>{t('admin.posts.col_type')}</Table.Th>
            <Table.Th>{t('admin.posts.col_content')}</Table.Th>
            <Table.Th>{t('admin.posts.col_account')}</Table.Th>
            <Table.Th ta="end">{t('admin.posts.col_likes')}</Table.Th>
            <Table.Th ta="end">{t('admin.posts.col_comments')}</Table.Th>
            <Table.Th>{t('admin.posts.col_created')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((post) => (
            <PostRow key={post.id} post={post} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
