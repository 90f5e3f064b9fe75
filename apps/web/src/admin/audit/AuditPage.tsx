import { AUDIT_SUBJECT_TYPES, type AuditEntryItem, type AuditSubjectType, type Locale } from '@inkwell/contracts';
import { Code, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { IconFilter, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { currentLocale } from '../../i18n';
import { longDate } from '../../lib/dates';
import { numberFormat } from '../../lib/numbers';
import { ErrorAlert } from '../components/ErrorAlert';
import { AdminTable } from '../components/AdminTable';
import { ServerPagination } from '../components/ServerPagination';
import { useAuditPage } from './api';

const ALL = 'all';

/** Date and time in the reader's language and digits: "21 November 2026 14:05". */
function when(value: string, locale: Locale): string {
  const date = new Date(value);
  const two = numberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  return `${longDate(date, locale)} ${two.format(date.getHours())}:${two.format(date.getMinutes())}`;
}

/** One side of a change, compact: lists joined, nothing as a dash. */
function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length ? value.map(show).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `key: old → new`, one line per field that changed. */
function Changes({ entry }: { entry: AuditEntryItem }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={2}>
      {keys.map((key) => (
        <Text key={key} fz="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span inherit fw={600}>
            {key}:
          </Text>{' '}
          {show(entry.before?.[key])} → {show(entry.after?.[key])}
        </Text>
      ))}
    </Stack>
  );
}

/** The admin area's change log, newest first, filtered by what the change was about. */
export function AuditPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const [subject, setSubject] = useState<AuditSubjectType | null>(null);
  const entries = useAuditPage(page, subject);
  const rows = entries.data?.data ?? [];

  const subjectLabel = (type: string) =>
    (AUDIT_SUBJECT_TYPES as readonly string[]).includes(type) ? t(`admin.audit.subject.${type}`) : type;

  return (
    <>
      <Select
        label={t('admin.audit.filter_label')}
        leftSection={<IconFilter size={16} />}
        data={[
          { value: ALL, label: t('admin.audit.all') },
          ...AUDIT_SUBJECT_TYPES.map((type) => ({ value: type, label: t(`admin.audit.subjects.${type}`) })),
        ]}
        value={subject ?? ALL}
        onChange={(value) => {
          setSubject(!value || value === ALL ? null : (value as AuditSubjectType));
          setPage(1);
        }}
        allowDeselect={false}
        maw={320}
        mb="md"
      />
      <ErrorAlert error={entries.error} />
      {entries.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Group>
      ) : rows.length === 0 && entries.data ? (
        <EmptyState
          icon={<IconHistory size={32} />}
          title={subject ? t('admin.audit.empty_filtered_title') : t('admin.audit.empty_title')}
          body={subject ? t('admin.audit.empty_filtered_body') : t('admin.audit.empty_body')}
        />
      ) : (
        <AdminTable
          minWidth={760}
          label={t('admin.titles.audit')}
          hover={false}
          columns={[
            t('admin.audit.when'),
            t('admin.audit.who'),
            t('admin.audit.action'),
            t('admin.audit.subject_column'),
            t('admin.audit.changes'),
          ]}
        >
          {rows.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={entry.created_at}>{when(entry.created_at, locale)}</time>
              </Table.Td>
              <Table.Td>
                {entry.actor ? (
                  <>
                    <Text fz="sm" fw={600}>
                      {entry.actor.name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      @{entry.actor.username}
                    </Text>
                  </>
                ) : (
                  <Text fz="sm" c="dimmed">
                    {t('admin.audit.gone')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Code>{entry.action}</Code>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {subjectLabel(entry.subject_type)}
                {entry.subject_id !== null ? ` #${entry.subject_id}` : ''}
              </Table.Td>
              <Table.Td>
                <Changes entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      )}
      <ServerPagination meta={entries.data?.meta} onPage={setPage} />
    </>
  );
}
