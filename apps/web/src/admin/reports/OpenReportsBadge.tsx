import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';
import { useReportsSummary } from './api';

/**
 * The queue's entry in the admin navigation says how many reports wait; read aloud as "3 open reports" (the
 * bare number alone would not say what it counts). Nothing shows while none waits or the count is unknown.
 */
export function OpenReportsBadge() {
  const { t } = useTranslation();
  const summary = useReportsSummary();
  const count = summary.data?.open_count;
  if (!count) return null;
  const n = numberFormat(currentLocale()).format(count);
  return (
    <Badge color="red.9" variant="filled" size="sm" circle={count < 10} data-testid="open-reports-badge">
      <span aria-hidden="true">{n}</span>
      {/* A space first: the link's name reads "Reports, 3 open reports", not "Reports3…". */}
      <VisuallyHidden>{` ${t('admin.nav.open_reports', { count, n })}`}</VisuallyHidden>
    </Badge>
  );
}
