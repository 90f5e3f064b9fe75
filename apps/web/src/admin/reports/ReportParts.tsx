import type { AdminReport, ReportSnapshot, ReportStatus, ReportTargetType } from '@inkwell/contracts';
import { Badge, Group, ThemeIcon, Tooltip } from '@mantine/core';
import { IconArticle, IconMessageCircle, IconMessages, IconUser, IconUserCircle, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';

const TARGET_ICONS: Record<ReportTargetType, Icon> = {
  post: IconArticle,
  comment: IconMessageCircle,
  account: IconUserCircle,
  user: IconUser,
  chat_message: IconMessages,
};

export const STATUS_COLOR: Record<ReportStatus, string> = { open: 'yellow', resolved: 'teal', dismissed: 'gray' };

/** What was reported, as an icon named for screen readers and in a tooltip (the reader's own words for it). */
export function TargetTypeIcon({ type, size = 36 }: { type: ReportTargetType; size?: number }) {
  const { t } = useTranslation();
  const Glyph = TARGET_ICONS[type];
  const label = t(`reports.kinds.${type}`);
  return (
    <Tooltip label={label}>
      <ThemeIcon variant="light" color="gray" size={size} radius="md" role="img" aria-label={label}>
        <Glyph size={Math.round(size * 0.55)} aria-hidden />
      </ThemeIcon>
    </Tooltip>
  );
}

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`admin.reports.statuses.${status}`)}
    </Badge>
  );
}

/** The reasons given, most given first, each with how many gave it (the labels the reporters chose from). */
export function ReasonBadges({ reasons, max }: { reasons: AdminReport['reasons']; max?: number }) {
  const { t } = useTranslation();
  const n = numberFormat(currentLocale());
  const shown = max === undefined ? reasons : reasons.slice(0, max);
  return (
    <Group gap={6} wrap="wrap">
      {shown.map(({ reason, count }) => (
        <Badge key={reason} variant="light" color="red" tt="none" style={{ height: 'auto', minHeight: 22 }}>
          {t('admin.reports.reason_count', { r: t(`reports.reasons.${reason}`), n: n.format(count) })}
        </Badge>
      ))}
      {shown.length < reasons.length && (
        <Badge variant="light" color="gray" tt="none">
          {t('admin.reports.more_reasons', { n: n.format(reasons.length - shown.length) })}
        </Badge>
      )}
    </Group>
  );
}

/** The reported thing in a line: its title, the start of its text, or the name on it. */
export function snapshotLabel(snapshot: ReportSnapshot): string {
  const text = (snapshot.title ?? snapshot.text ?? snapshot.author?.name ?? '').trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
