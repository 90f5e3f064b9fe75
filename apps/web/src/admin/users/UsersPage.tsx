import { USER_SORTS, type UserListItem, type UserSort } from '@inkwell/contracts';
import { Badge, Button, Center, Group, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconEdit, IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { UserAvatar } from '../../components/UserAvatar';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';
import { ErrorAlert } from '../components/ErrorAlert';
import { AdminTable } from '../components/AdminTable';
import { ServerPagination } from '../components/ServerPagination';
import { useUsersPage } from './api';

const isSort = (value: string | null): value is UserSort => (USER_SORTS as readonly string[]).includes(value ?? '');

/** The spec's users table (id, name, email, username, role name): searched with Enter, paged by the server. */
export function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : undefined;
  const [typed, setTyped] = useState(q);
  // Back and forward (or a link) change the URL: the box follows it.
  const [urlQ, setUrlQ] = useState(q);
  if (urlQ !== q) {
    setUrlQ(q);
    setTyped(q);
  }
  const users = useUsersPage(q, page, sort);

  const update = (next: { q?: string; page?: number; sort?: UserSort | null }) => {
    const merged = new URLSearchParams(params);
    const set = (key: string, value: string | undefined) => (value ? merged.set(key, value) : merged.delete(key));
    if (next.q !== undefined) set('q', next.q.trim());
    if (next.sort !== undefined) set('sort', next.sort ?? undefined);
    set('page', next.page && next.page > 1 ? String(next.page) : undefined);
    setParams(merged);
  };

  const sortOptions = [
    ...(q ? [{ value: 'relevance', label: t('admin.users.sort_relevance') }] : []),
    { value: 'newest', label: t('admin.common.newest') },
    { value: 'oldest', label: t('admin.common.oldest') },
    { value: 'name', label: t('admin.users.sort_name') },
  ];
  const rows = users.data?.data ?? [];
  const total = users.data?.meta.total;

  return (
    <Stack gap="md">
      <Group align="end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t('admin.users.search_label')}
          placeholder={t('admin.users.search_placeholder')}
          leftSection={<IconSearch size={18} />}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') update({ q: typed, page: 1 });
          }}
          style={{ flex: '1 1 260px' }}
        />
        <Select
          size="md"
          label={t('admin.common.sort')}
          data={sortOptions}
          value={sort ?? (q ? 'relevance' : 'newest')}
          allowDeselect={false}
          onChange={(value) => update({ sort: isSort(value) ? value : null, page: 1 })}
          style={{ flex: '0 1 200px' }}
        />
      </Group>

      <ErrorAlert error={users.error} />

      {users.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Center>
      ) : total === 0 ? (
        q ? (
          <EmptyState
            icon={<IconSearch size={32} />}
            title={t('admin.users.empty_search_title', { q })}
            body={t('admin.users.empty_search_body')}
            action={
              <Button variant="light" onClick={() => update({ q: '', page: 1 })}>
                {t('admin.users.clear_search')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<IconUsers size={32} />}
            title={t('admin.users.empty_title')}
            body={t('admin.users.empty_body')}
          />
        )
      ) : total !== undefined ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('admin.users.found', { count: total, total: numberFormat(currentLocale()).format(total) })}
          </Text>
          <AdminTable
            minWidth={760}
            busy={users.isPlaceholderData}
            columns={[
              t('admin.common.id'),
              t('admin.common.name'),
              t('admin.common.email'),
              t('admin.common.username'),
              t('admin.users.role'),
              null,
            ]}
          >
            {rows.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </AdminTable>
        </>
      ) : null}

      <ServerPagination meta={users.data?.meta} onPage={(next) => update({ page: next })} />
    </Stack>
  );
}

function UserRow({ user }: { user: UserListItem }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td>{user.id}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <UserAvatar url={user.profile_url} name={user.name} size={32} />
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {user.name}
          </Text>
          {user.suspended_at && (
            <Badge color="red" variant="light">
              {t('admin.users.suspended')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {user.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">@{user.username}</Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="outline" color="gray">
          {user.role_name}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Button
          component={Link}
          to={`/admin/users/${user.id}/edit`}
          variant="light"
          size="sm"
          mih={44}
          leftSection={<IconEdit size={16} />}
          aria-label={t('admin.users.edit_label', { name: user.name })}
        >
          {t('admin.common.edit')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
