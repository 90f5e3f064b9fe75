import {
  REPORT_COMMENT_MAX_LENGTH,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from '@inkwell/contracts';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../api/client';
import { alert } from '../../lib/alerts';
import { useReport } from './api';

/** A reason's label toggles it: 44 px tall, the circle centred beside it (a fingertip's target). */
const RADIO_STYLES = {
  body: { alignItems: 'center' },
  label: { minHeight: 44, display: 'flex', alignItems: 'center' },
} as const;

export interface ReportTarget {
  type: ReportTargetType;
  id: number;
}

/**
 * Report a post, comment, account, person or chat message: a reason, a few words if the reader wants, Send.
 * Reporting the same thing again updates the reader's report (the server keeps one per reader and target).
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const close = () => {
    setReason(null);
    setComment('');
    setErrors({});
    onClose();
  };
  const send = () => {
    if (!target) return;
    if (!reason) {
      setErrors({ reason: t('reports.reason_required') });
      return;
    }
    report.mutate(
      { target_type: target.type, target_id: target.id, reason, comment: comment.trim() || null },
      {
        onSuccess: () => {
          alert('success', t('reports.sent'));
          close();
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          alert('danger', errorMessage(error));
        },
      },
    );
  };

  return (
    <Modal opened={target !== null} onClose={close} title={t(`reports.title.${target?.type ?? 'post'}`)} centered>
      <Stack gap="md">
        <Radio.Group
          label={t('reports.reason')}
          withAsterisk
          value={reason}
          onChange={(value) => {
            setReason(value as ReportReason);
            setErrors((e) => ({ ...e, reason: '' }));
          }}
          error={errors.reason || undefined}
        >
          <Stack gap="xs" mt="xs">
            {REPORT_REASONS.map((value) => (
              <Radio key={value} value={value} label={t(`reports.reasons.${value}`)} styles={RADIO_STYLES} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('reports.comment')}
          description={t('reports.comment_hint')}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          maxLength={REPORT_COMMENT_MAX_LENGTH}
          autosize
          minRows={2}
          error={errors.comment || undefined}
        />
        {target?.type === 'chat_message' && (
          <Text size="sm" c="dimmed">
            {t('reports.chat_evidence')}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t('reports.private')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={send} loading={report.isPending}>
            {t('reports.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
