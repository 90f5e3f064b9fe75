import type { ApprovedStatus } from '@inkwell/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colors: Record<ApprovedStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'red' };

export function ApprovalBadge({ status }: { status: ApprovedStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colors[status]} variant="light">
      {t(`creators.status.${status}`)}
    </Badge>
  );
}
