import type { AdminReportDetail } from '@inkwell/contracts';
import { Anchor, Badge, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFound, isNotFound } from '../../components/NotFound';
import { RelativeTime } from '../../components/RelativeTime';
import { currentLocale } from '../../i18n';
import { longDate } from '../../lib/dates';
import { numberFormat } from '../../lib/numbers';
import { BackButton } from '../components/BackButton';
import { ErrorAlert } from '../components/ErrorAlert';
import { useAdminReport } from './api';
import { ReportDecision } from './ReportDecision';
import { ReasonBadges, ReportStatusBadge, TargetTypeIcon } from './ReportParts';
import { ReportSnapshotCard } from './ReportSnapshotCard';

/**
 * One report: the reported thing as it was, the reasons and each reporter's words, the author's earlier reports
 * and what came of them; then the decision (while open) or what was decided.
 */
export function ReportDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const report = useAdminReport(id);
  const missing = isNotFound(report.error) || !(Number.isInteger(id) && id > 0);

  return (
    <Stack gap="md" maw={820}>
      <BackButton to="/admin/reports" label={t('admin.reports.back')} />
      {missing ? <NotFound home="/admin/reports" headingOrder={2} /> : <ErrorAlert error={report.error} />}
      {missing ? null : report.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Center>
      ) : report.data ? (
        <ReportDetail report={report.data} />
      ) : null}
    </Stack>
  );
}

function ReportDetail({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const open = report.status === 'open';
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="center">
        <TargetTypeIcon type={report.target_type} />
        <Title order={2} fz="h3" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {t(`admin.reports.heading.${report.target_type}`)}
        </Title>
        <ReportStatusBadge status={report.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {t('admin.reports.reporters_line', {
          count: report.reporters_count,
          n: numberFormat(locale).format(report.reporters_count),
        })}{' '}
        · {t('admin.reports.first_reported')} <RelativeTime value={report.created_at} /> (
        {longDate(report.created_at, locale)})
      </Text>
      {!open && <ReportDecision report={report} />}
      <ReportSnapshotCard report={report} />
      <ReportersCard report={report} />
      {report.target.author && <HistoryCard report={report} />}
      {open && <ReportDecision report={report} />}
    </Stack>
  );
}

/** The reasons, most given first, then every reporter with their reason, their words and when. */
function ReportersCard({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} fz="h4" id={titleId}>
          {t('admin.reports.reporters_title')}
        </Title>
        <ReasonBadges reasons={report.reasons} />
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {report.reporters.map((entry) => (
            <Card key={entry.reporter.id} component="li" withBorder radius="sm" padding="sm">
              <Group justify="space-between" align="start" gap="xs" wrap="wrap">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {entry.reporter.name} (@{entry.reporter.username})
                </Text>
                <Text size="xs" c="dimmed" title={longDate(entry.created_at, locale)}>
                  <RelativeTime value={entry.created_at} />
                </Text>
              </Group>
              <Badge variant="light" color="red" tt="none" mt={4} style={{ height: 'auto', minHeight: 22 }}>
                {t(`reports.reasons.${entry.reason}`)}
              </Badge>
              <Text
                size="sm"
                mt={4}
                c={entry.comment ? undefined : 'dimmed'}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {entry.comment ?? t('admin.reports.no_comment')}
              </Text>
            </Card>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

/** The author's earlier reports, newest first, each with its outcome and a way to open it. */
function HistoryCard({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const n = numberFormat(locale);
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} fz="h4" id={titleId}>
          {t('admin.reports.history_title', { name: report.target.author?.name ?? '' })}
        </Title>
        {report.author_history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.reports.history_empty')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {report.author_history.map((earlier) => (
              <Group key={earlier.id} component="li" gap="sm" wrap="wrap" justify="space-between">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <TargetTypeIcon type={earlier.target_type} size={32} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor
                      component={Link}
                      to={`/admin/reports/${earlier.id}`}
                      size="sm"
                      fw={600}
                      style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, minWidth: 44 }}
                    >
                      {t('admin.reports.report_n', { id: earlier.id })}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {longDate(earlier.created_at, locale)} ·{' '}
                      {t('admin.reports.reporters_line', {
                        count: earlier.reporters_count,
                        n: n.format(earlier.reporters_count),
                      })}
                    </Text>
                  </Stack>
                </Group>
                <Badge
                  color={earlier.status === 'open' ? 'yellow' : earlier.status === 'dismissed' ? 'gray' : 'teal'}
                  variant="light"
                  tt="none"
                >
                  {earlier.action
                    ? t(`admin.reports.decided.${earlier.action}`)
                    : t(`admin.reports.statuses.${earlier.status}`)}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
