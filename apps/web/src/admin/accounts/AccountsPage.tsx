import { Anchor, Button, Group, Loader, Table, Text } from '@mantine/core';
import { IconPencil, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApprovalBadge } from '../../components/ApprovalBadge';
import { EmptyState } from '../../components/EmptyState';
import { UserAvatar } from '../../components/UserAvatar';
import { ErrorAlert } from '../components/ErrorAlert';
import { AdminTable } from '../components/AdminTable';
import { ServerPagination } from '../components/ServerPagination';
import { emptyKeys, ListControls, useListParams } from '../components/ListControls';
import { PublishedBadge } from '../components/StatusParts';
import { useAccountsPage } from './api';

/** Every creator account, newest first: id, name, username, approved, published (spec §2), with an edit link. */
export function AccountsPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const accounts = useAccountsPage(list.page, list.status, list.q);
  const rows = accounts.data?.data;
  const empty = emptyKeys('accounts', list.q, list.status === 'pending');

  return (
    <>
      <ListControls
        searchLabel={t('admin.accounts.search_label')}
        status={list.status}
        q={list.q}
        onStatus={list.setStatus}
        onSearch={list.setQuery}
      />
      <ErrorAlert error={accounts.error} />
      {accounts.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Group>
      ) : rows && rows.length === 0 ? (
        <EmptyState
          icon={<IconUsersGroup size={32} />}
          title={t(empty.title)}
          body={t(empty.body)}
          action={
            list.q || list.status ? (
              <Button variant="light" h={44} onClick={() => (list.q ? list.setQuery('') : list.setStatus(null))}>
                {t(list.q ? 'admin.organizations.clear_search' : 'admin.organizations.show_all')}
              </Button>
            ) : undefined
          }
        />
      ) : rows ? (
        <>
          <AdminTable
            minWidth={640}
            label={t('admin.titles.accounts')}
            busy={accounts.isFetching}
            columns={[
              t('admin.common.id'),
              t('admin.common.name'),
              t('admin.common.username'),
              t('admin.common.approved'),
              t('admin.common.published'),
              null,
            ]}
          >
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.id}</Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <UserAvatar name={row.name} url={row.profile_url} size={32} />
                    <Text fw={600}>{row.name}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text c="dimmed">{row.username}</Text>
                </Table.Td>
                <Table.Td>
                  <ApprovalBadge status={row.approved_status} />
                </Table.Td>
                <Table.Td>
                  <PublishedBadge status={row.published_status} />
                </Table.Td>
                <Table.Td ta="end">
                  <Anchor
                    component={Link}
                    to={`/admin/accounts/${row.id}/edit`}
                    aria-label={t('admin.accounts.edit_label', { name: row.name })}
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 44 }}
                  >
                    <IconPencil size={16} aria-hidden />
                    {t('admin.common.edit')}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
          <ServerPagination meta={accounts.data?.meta} onPage={list.setPage} />
        </>
      ) : null}
    </>
  );
}
