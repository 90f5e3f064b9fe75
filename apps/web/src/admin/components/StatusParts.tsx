import { APPROVED_STATUSES, PUBLISHED_STATUSES, type ApprovedStatus, type PublishedStatus } from '@inkwell/contracts';
import { Badge, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Published or not, beside the approval badge in the organizations and accounts tables. */
export function PublishedBadge({ status }: { status: PublishedStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'published' ? 'indigo' : 'gray'} variant="light">
      {t(`admin.organizations.published_status.${status}`)}
    </Badge>
  );
}

/** The approval dropdown an administrator sets freely (spec §4: pending, approved, rejected). */
export function ApprovalSelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: ApprovedStatus;
  onChange: (value: ApprovedStatus) => void;
  error?: React.ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('admin.organizations.fields.approved_status')}
      data={APPROVED_STATUSES.map((status) => ({ value: status, label: t(`creators.status.${status}`) }))}
      value={value}
      onChange={(next) => next && onChange(next as ApprovedStatus)}
      allowDeselect={false}
      error={error}
      disabled={disabled}
      size="md"
    />
  );
}

/** The publication dropdown an administrator sets freely (spec §4: published, unpublished). */
export function PublishedSelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: PublishedStatus;
  onChange: (value: PublishedStatus) => void;
  error?: React.ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('admin.organizations.fields.published_status')}
      data={PUBLISHED_STATUSES.map((status) => ({
        value: status,
        label: t(`admin.organizations.published_status.${status}`),
      }))}
      value={value}
      onChange={(next) => next && onChange(next as PublishedStatus)}
      allowDeselect={false}
      error={error}
      disabled={disabled}
      size="md"
    />
  );
}
