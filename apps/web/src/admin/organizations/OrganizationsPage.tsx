import { Anchor, Button, Group, Loader, Table, Text } from '@mantine/core';
import { IconBuildingCommunity, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApprovalBadge } from '../../components/ApprovalBadge';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../components/ErrorAlert';
import { AdminTable } from '../components/AdminTable';
import { ServerPagination } from '../components/ServerPagination';
import { useOrganizationsPage } from './api';
import { emptyKeys, ListControls, useListParams } from '../components/ListControls';
import { PublishedBadge } from '../components/StatusParts';

/** Every organization, newest first: id, name, creator name, approved, published (spec §2), with an edit link. */
export function OrganizationsPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const organizations = useOrganizationsPage(list.page, list.status, list.q);
  const rows = organizations.data?.data;
  const empty = emptyKeys('organizations', list.q, list.status === 'pending');

  return (
    <>
      <ListControls
        searchLabel={t('admin.organizations.search_label')}
        status={list.status}
        q={list.q}
        onStatus={list.setStatus}
        onSearch={list.setQuery}
      />
      <ErrorAlert error={organizations.error} />
      {organizations.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Group>
      ) : rows && rows.length === 0 ? (
        <EmptyState
          icon={<IconBuildingCommunity size={32} />}
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
            label={t('admin.titles.organizations')}
            busy={organizations.isFetching}
            columns={[
              t('admin.common.id'),
              t('admin.common.name'),
              t('admin.organizations.creator'),
              t('admin.common.approved'),
              t('admin.common.published'),
              null,
            ]}
          >
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.id}</Table.Td>
                <Table.Td>
                  <Text fw={600}>{row.name}</Text>
                  <Text size="sm" c="dimmed">
                    /o/{row.username}
                  </Text>
                </Table.Td>
                <Table.Td>{row.creator_name}</Table.Td>
                <Table.Td>
                  <ApprovalBadge status={row.approved_status} />
                </Table.Td>
                <Table.Td>
                  <PublishedBadge status={row.published_status} />
                </Table.Td>
                <Table.Td ta="end">
                  <Anchor
                    component={Link}
                    to={`/admin/organizations/${row.id}/edit`}
                    aria-label={t('admin.organizations.edit_label', { name: row.name })}
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 44 }}
                  >
                    <IconPencil size={16} aria-hidden />
                    {t('admin.common.edit')}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
          <ServerPagination meta={organizations.data?.meta} onPage={list.setPage} />
        </>
      ) : null}
    </>
  );
}
