import type { ApprovedStatus, PageMeta, PublishedStatus } from '@inkwell/contracts';
import { Anchor, Button, Group, Loader, Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApprovalBadge } from '../../components/ApprovalBadge';
import { EmptyState } from '../../components/EmptyState';
import { AdminTable } from './AdminTable';
import { ErrorAlert } from './ErrorAlert';
import { emptyKeys, ListControls, useListParams } from './ListControls';
import { ServerPagination } from './ServerPagination';
import { PublishedBadge } from './StatusParts';

interface ApprovalRow {
  id: number;
  name: string;
  approved_status: ApprovedStatus;
  published_status: PublishedStatus;
}

/**
 * The organizations and accounts tables (spec §2): search and the pending filter in the address, newest first,
 * id, name, one column of the area's own, approved, published, and an edit link per row.
 */
export function ApprovalList<Row extends ApprovalRow>({
  area,
  icon,
  usePage,
  ownColumn,
  nameCell,
  ownCell,
}: {
  area: 'organizations' | 'accounts';
  /** The empty table's picture. */
  icon: ReactNode;
  usePage: (page: number, status: ApprovedStatus | null, q: string) => UseQueryResult<{ data: Row[]; meta: PageMeta }>;
  ownColumn: string;
  nameCell: (row: Row) => ReactNode;
  ownCell: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  const list = useListParams();
  const rows = usePage(list.page, list.status, list.q);
  const data = rows.data?.data;
  const empty = emptyKeys(area, list.q, list.status === 'pending');

  return (
    <>
      <ListControls
        searchLabel={t(`admin.${area}.search_label`)}
        status={list.status}
        q={list.q}
        onStatus={list.setStatus}
        onSearch={list.setQuery}
      />
      <ErrorAlert error={rows.error} />
      {rows.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Group>
      ) : data && data.length === 0 ? (
        <EmptyState
          icon={icon}
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
      ) : data ? (
        <>
          <AdminTable
            minWidth={640}
            label={t(`admin.titles.${area}`)}
            busy={rows.isFetching}
            columns={[
              t('admin.common.id'),
              t('admin.common.name'),
              ownColumn,
              t('admin.common.approved'),
              t('admin.common.published'),
              null,
            ]}
          >
            {data.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.id}</Table.Td>
                <Table.Td>{nameCell(row)}</Table.Td>
                <Table.Td>{ownCell(row)}</Table.Td>
                <Table.Td>
                  <ApprovalBadge status={row.approved_status} />
                </Table.Td>
                <Table.Td>
                  <PublishedBadge status={row.published_status} />
                </Table.Td>
                <Table.Td ta="end">
                  <Anchor
                    component={Link}
                    to={`/admin/${area}/${row.id}/edit`}
                    aria-label={t(`admin.${area}.edit_label`, { name: row.name })}
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 44 }}
                  >
                    <IconPencil size={16} aria-hidden />
                    {t('admin.common.edit')}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
          <ServerPagination meta={rows.data?.meta} onPage={list.setPage} />
        </>
      ) : null}
    </>
  );
}
