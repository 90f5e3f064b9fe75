import type { MyReport, ReportStatus } from '@inkwell/contracts';
import { Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { EmptyState } from '../../components/EmptyState';
import { currentLocale } from '../../i18n';
import { relativeTime } from '../../lib/relativeTime';
import { useMyReports } from './api';

const STATUS_COLOR: Record<ReportStatus, string> = { open: 'yellow', resolved: 'teal', dismissed: 'gray' };

function ReportCard({ report }: { report: MyReport }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Card withBorder radius="md" component="li" padding="md">
      <Group justify="space-between" align="start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t(`reports.kinds.${report.target_type}`)} · {t(`reports.reasons.${report.reason}`)}
          </Text>
          <Text fw={600} lineClamp={2}>
            {report.target_label || t(`reports.kinds.${report.target_type}`)}
          </Text>
          {report.comment && (
            <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
              {report.comment}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={4}>
            {report.resolved_at
              ? t('reports.decided_at', { time: relativeTime(report.resolved_at, locale) })
              : t('reports.sent_at', { time: relativeTime(report.created_at, locale) })}
          </Text>
        </div>
        <Badge color={STATUS_COLOR[report.status]} variant="light" style={{ flexShrink: 0 }}>
          {t(`reports.statuses.${report.status}`)}
        </Badge>
      </Group>
    </Card>
  );
}

/** Profile → My reports: what I reported and where each stands (the outcome, never what befell the author). */
export function MyReportsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const reports = useMyReports(page);
  const meta = reports.data?.meta;
  return (
    <>
      <BackBar title={t('titles.my_reports')} to="/profile" />
      <Text c="dimmed" mb="md">
        {t('reports.mine_intro')}
      </Text>
      {reports.isPending && <Loader aria-label={t('app.loading')} />}
      {reports.isError && <Text c="red">{errorMessage(reports.error)}</Text>}
      {reports.data?.data.length === 0 && (
        <EmptyState
          icon={<IconFlag size={32} />}
          title={t('reports.mine_empty_title')}
          body={t('reports.mine_empty_body')}
        />
      )}
      <Stack gap="sm" component="ul" p={0} style={{ listStyle: 'none' }} aria-label={t('titles.my_reports')}>
        {reports.data?.data.map((report) => (
          <ReportCard key={report.id} report={report} />
        ))}
      </Stack>
      {meta && meta.last_page > 1 && (
        <Group justify="space-between" mt="md">
          <Button variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('reports.newer')}
          </Button>
          <Button variant="default" disabled={page >= meta.last_page} onClick={() => setPage((p) => p + 1)}>
            {t('reports.older')}
          </Button>
        </Group>
      )}
    </>
  );
}
