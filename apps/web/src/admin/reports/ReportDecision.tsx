import { REPORT_NOTE_MAX_LENGTH, type AdminReportDetail, type ReportAction } from '@inkwell/contracts';
import { Alert, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconBan, IconCheck, IconCircleCheck, IconCircleX, IconTrash, IconUserOff } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../api/client';
import { confirmDelete } from '../../components/ConfirmDialog';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { longDate } from '../../lib/dates';
import { ErrorAlert } from '../components/ErrorAlert';
import { usePermission } from '../usePermission';
import { useResolveReport } from './api';

/** What a moderator can do with an open report, or what was done with a decided one. */
export function ReportDecision({ report }: { report: AdminReportDetail }) {
  return report.status === 'open' ? <DecideCard report={report} /> : <DecisionMade report={report} />;
}

/** The decision as it stands: what was done, the note, who decided and when. */
function DecisionMade({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const dismissed = report.status === 'dismissed';
  const by = !report.resolved_at
    ? null
    : report.resolved_by
      ? t('admin.reports.decided_by', { name: report.resolved_by.name, date: longDate(report.resolved_at, locale) })
      : t('admin.reports.decided_on', { date: longDate(report.resolved_at, locale) });
  return (
    <Alert
      color={dismissed ? 'gray' : 'teal'}
      icon={dismissed ? <IconCircleX size={18} /> : <IconCircleCheck size={18} />}
      title={t(`admin.reports.decided.${report.action ?? (dismissed ? 'dismiss' : 'remove')}`)}
      data-testid="report-decision"
    >
      <Stack gap={4}>
        {report.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {report.note}
          </Text>
        )}
        {by && (
          <Text size="sm" c="dimmed">
            {by}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** A button that may be unavailable, saying why beside it (not only in a tooltip a finger cannot reach). */
function ActionButton({
  why,
  children,
  ...button
}: {
  why: string | null;
  children: ReactNode;
  color?: string;
  variant?: string;
  leftSection: ReactNode;
  loading: boolean;
  busy: boolean;
  onClick: () => void;
}) {
  const whyId = useId();
  const { busy, ...props } = button;
  return (
    <Stack gap={4} style={{ flex: '1 1 12rem', maxWidth: '20rem' }}>
      <Button
        mih={44}
        fullWidth
        {...props}
        disabled={Boolean(why) || (busy && !props.loading)}
        aria-describedby={why ? whyId : undefined}
      >
        {children}
      </Button>
      {why && (
        <Text id={whyId} size="xs" c="dimmed" lh={1.7}>
          {why}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Dismiss, Remove (with the note its author reads: required) or Suspend the author (after a confirmation).
 * Each needs the rights the decision uses (`posts.moderate`, `users.edit`); without them the button says so.
 * A refusal the server still makes (an author who outranks the moderator, a decision made meanwhile) shows here.
 */
function DecideCard({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation();
  const titleId = useId();
  const resolve = useResolveReport(report.id);
  const mayModerate = usePermission('posts.moderate');
  const maySuspend = usePermission('users.edit');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const author = report.target.author;
  const removable = report.target_type === 'post' || report.target_type === 'comment';
  const pending = resolve.isPending ? resolve.variables?.action : undefined;
  const fields = fieldErrors(resolve.error);

  const decide = (action: ReportAction) =>
    resolve.mutate(
      { action, note: note.trim() || undefined },
      { onSuccess: () => alert('success', t(`admin.reports.done.${action}`)) },
    );
  const remove = () => {
    if (!note.trim()) return setNoteError(t('admin.reports.note_required'));
    decide('remove');
  };
  const suspend = () =>
    author &&
    confirmDelete({
      title: t('admin.reports.suspend_title', { name: author.name }),
      text: t('admin.reports.suspend_text', { name: author.name }),
      confirmLabel: t('admin.reports.suspend'),
      confirmColor: 'red.9',
      onConfirm: () => decide('suspend_author'),
    });

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} fz="h4" id={titleId}>
          {t('admin.reports.decision')}
        </Title>
        <Textarea
          label={t('admin.reports.note_label')}
          description={t('admin.reports.note_hint')}
          styles={{ description: { lineHeight: 1.6 } }}
          rows={3}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REPORT_NOTE_MAX_LENGTH}
          value={note}
          onChange={(e) => {
            setNote(e.currentTarget.value);
            setNoteError(null);
          }}
          error={noteError ?? fields.note}
        />
        {/* A 422 about the decision itself (nothing to remove, no author) has no field to sit under. */}
        {fields.action ? (
          <ErrorAlert error={new Error(fields.action)} />
        ) : (
          !fields.note && <ErrorAlert error={resolve.error} />
        )}
        <Group gap="sm" align="start" wrap="wrap">
          <ActionButton
            why={null}
            variant="default"
            leftSection={<IconCheck size={18} />}
            loading={pending === 'dismiss'}
            busy={resolve.isPending}
            onClick={() => decide('dismiss')}
          >
            {t('admin.reports.dismiss')}
          </ActionButton>
          <ActionButton
            why={
              !removable
                ? t('admin.reports.cannot_remove')
                : !mayModerate
                  ? t('admin.reports.remove_needs_permission')
                  : null
            }
            // White on Mantine's red 7 is 3.8:1 (axe: color-contrast); red 9 is past 4.5:1.
            color="red.9"
            leftSection={<IconTrash size={18} />}
            loading={pending === 'remove'}
            busy={resolve.isPending}
            onClick={remove}
          >
            {t('admin.reports.remove')}
          </ActionButton>
          <ActionButton
            why={
              !author
                ? t('admin.reports.no_author')
                : report.author_suspended
                  ? t('admin.reports.already_suspended', { name: author.name })
                  : !maySuspend
                    ? t('admin.reports.suspend_needs_permission')
                    : null
            }
            color="red"
            variant="light"
            leftSection={report.author_suspended ? <IconBan size={18} /> : <IconUserOff size={18} />}
            loading={pending === 'suspend_author'}
            busy={resolve.isPending}
            onClick={suspend}
          >
            {t('admin.reports.suspend_author')}
          </ActionButton>
        </Group>
      </Stack>
    </Card>
  );
}
