import { Anchor, Card, Group, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';
import { relativeTime } from '../../lib/relativeTime';
import { useReportsSummary } from '../reports/api';

/**
 * The dashboard's word on the moderation queue, for whoever may work it: how many reports wait and how long the
 * oldest has, with the way to the queue.
 */
export function OpenReportsCard() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const labelId = useId();
  const summary = useReportsSummary();
  const data = summary.data;

  return (
    <Card withBorder radius="md" component="section" aria-labelledby={labelId} data-testid="tile-open-reports">
      <Group justify="space-between" align="start" wrap="nowrap">
        <div>
          <Text id={labelId} c="dimmed" fw={600} size="sm">
            {t('admin.dashboard.open_reports')}
          </Text>
          {summary.isPending ? (
            <Loader size="sm" my={12} aria-label={t('admin.common.loading')} />
          ) : !data ? (
            <Text fz={32} fw={800} c="dimmed" title={t('admin.dashboard.unavailable')}>
              <span aria-hidden="true">—</span>
            </Text>
          ) : (
            <Text fz={32} fw={800} c={data.open_count > 0 ? 'red' : undefined} data-testid="total-open-reports">
              {numberFormat(locale).format(data.open_count)}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {!data
              ? summary.isPending
                ? ''
                : t('admin.dashboard.unavailable')
              : data.oldest_open_at
                ? t('admin.dashboard.oldest_report', { age: relativeTime(data.oldest_open_at, locale) })
                : t('admin.dashboard.no_open_reports')}
          </Text>
          <Anchor
            component={Link}
            to="/admin/reports"
            size="sm"
            fw={600}
            style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
          >
            {t('admin.dashboard.review_reports')}
          </Anchor>
        </div>
        <ThemeIcon variant="light" color="red" size={44} radius="md" aria-hidden>
          <IconFlag size={24} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}
