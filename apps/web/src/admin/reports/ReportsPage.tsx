import {
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  type AdminReport,
  type ReportStatus,
  type ReportTargetType,
} from '@inkwell/contracts';
import { Anchor, Button, Center, Group, Loader, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { IconFilter, IconFlag } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { RelativeTime } from '../../components/RelativeTime';
import { currentLocale } from '../../i18n';
import { longDate } from '../../lib/dates';
import { numberFormat } from '../../lib/numbers';
import { AdminTable } from '../components/AdminTable';
import { ErrorAlert } from '../components/ErrorAlert';
import { ServerPagination } from '../components/ServerPagination';
import { useReportsPage } from './api';
import classes from './ReportsPage.module.css';
import { ReasonBadges, ReportStatusBadge, TargetTypeIcon, snapshotLabel } from './ReportParts';

const isStatus = (value: string | null): value is ReportStatus =>
  (REPORT_STATUSES as readonly string[]).includes(value ?? '');
const isType = (value: string | null): value is ReportTargetType =>
  (REPORT_TARGET_TYPES as readonly string[]).includes(value ?? '');

/** The status, kind and page, kept in the address (open is the default and is left out; so is page 1). */
function useReportsParams() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const typeParam = params.get('type');
  const status: ReportStatus = isStatus(statusParam) ? statusParam : 'open';
  const type = isType(typeParam) ? typeParam : undefined;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const update = (next: { status?: ReportStatus; type?: ReportTargetType | null; page?: number }) =>
    setParams((previous) => {
      const out = new URLSearchParams(previous);
      const set = (key: string, value: string | null | undefined) => (value ? out.set(key, value) : out.delete(key));
      if (next.status !== undefined) set('status', next.status === 'open' ? null : next.status);
      if (next.type !== undefined) set('type', next.type);
      set('page', next.page && next.page > 1 ? String(next.page) : null);
      return out;
    });
  return { status, type, page, update };
}

/**
 * The moderation queue: one row per reported thing (its reporters folded in), open ones oldest first, filtered
 * by status and kind. On a phone each row is a card that opens the report wherever it is tapped.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const statusId = useId();
  const { status, type, page, update } = useReportsParams();
  const reports = useReportsPage({ status, type, page });
  const rows = reports.data?.data ?? [];
  const total = reports.data?.meta.total;

  return (
    <Stack gap="md">
      <Group align="end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text component="span" id={statusId} size="sm" fw={500}>
            {t('admin.reports.status_filter')}
          </Text>
          <SegmentedControl
            aria-labelledby={statusId}
            value={status}
            onChange={(value) => update({ status: isStatus(value) ? value : 'open', page: 1 })}
            data={REPORT_STATUSES.map((value) => ({ value, label: t(`admin.reports.statuses.${value}`) }))}
            // A fingertip's 44 px: the queue is worked on a phone too.
            styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
          />
        </Stack>
        <Select
          size="md"
          label={t('admin.reports.type_filter')}
          data={[
            { value: 'all', label: t('admin.reports.all_types') },
            ...REPORT_TARGET_TYPES.map((value) => ({ value, label: t(`reports.kinds.${value}`) })),
          ]}
          value={type ?? 'all'}
          allowDeselect={false}
          onChange={(value) => update({ type: isType(value) ? value : null, page: 1 })}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
        />
      </Group>

      <ErrorAlert error={reports.error} />

      {reports.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Center>
      ) : total === 0 ? (
        <EmptyState
          icon={type ? <IconFilter size={32} /> : <IconFlag size={32} />}
          title={t(`admin.reports.empty_title.${status}`)}
          body={t(type ? 'admin.reports.empty_filtered_body' : `admin.reports.empty_body.${status}`)}
          action={
            type ? (
              <Button variant="light" mih={44} onClick={() => update({ type: null, page: 1 })}>
                {t('admin.reports.clear_filter')}
              </Button>
            ) : undefined
          }
        />
      ) : total !== undefined ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t(`admin.reports.found.${status}`, { count: total, n: numberFormat(locale).format(total) })}
          </Text>
          <AdminTable
            minWidth={820}
            label={t('admin.titles.reports')}
            busy={reports.isPlaceholderData}
            columns={[
              t('admin.reports.col_reported'),
              t('admin.reports.col_reasons'),
              t('admin.reports.col_reporters'),
              t('admin.reports.col_first_reported'),
              t('admin.reports.col_status'),
            ]}
          >
            {rows.map((report) => (
              <ReportRow key={report.id} report={report} />
            ))}
          </AdminTable>
        </>
      ) : null}

      <ServerPagination meta={reports.data?.meta} onPage={(next) => update({ page: next })} />
    </Stack>
  );
}

function ReportRow({ report }: { report: AdminReport }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const label = snapshotLabel(report.target) || t(`reports.kinds.${report.target_type}`);
  const author = report.target.author;
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap" align="start">
          <TargetTypeIcon type={report.target_type} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            {/* The row's first link: a tap anywhere on the row (a card on a phone) opens it. */}
            <Anchor
              component={Link}
              to={`/admin/reports/${report.id}`}
              fw={600}
              className={classes.open}
              aria-label={t('admin.reports.open_report', { label })}
              lineClamp={2}
              style={{ minHeight: 44, minWidth: 44, maxWidth: 320, overflowWrap: 'anywhere' }}
            >
              {label}
            </Anchor>
            {author && (
              <Text size="sm" c="dimmed" truncate="end" style={{ maxWidth: 320 }}>
                {t('admin.reports.by_author', { name: author.name, username: author.username })}
              </Text>
            )}
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <ReasonBadges reasons={report.reasons} max={3} />
      </Table.Td>
      <Table.Td>{numberFormat(locale).format(report.reporters_count)}</Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }} title={longDate(report.created_at, locale)}>
          <RelativeTime value={report.created_at} />
        </Text>
      </Table.Td>
      <Table.Td>
        <ReportStatusBadge status={report.status} />
      </Table.Td>
    </Table.Tr>
  );
}
