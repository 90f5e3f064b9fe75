import type { Payout } from '@inkwell/contracts';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../api/client';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { PROVIDER_NAMES, formatPrice } from '../../lib/billingFormat';
import { useDecidePayout } from './api';

/**
 * Mark paid (the wallet transfer's reference, required: it is what the creator can trace) or reject (a reason,
 * required: the creator is told it). Progress on the button, a toast after.
 */
export function PayoutDecisionDialog({
  payout,
  kind,
  onClose,
}: {
  payout: Payout;
  kind: 'paid' | 'reject';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const decide = useDecidePayout();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const field = kind === 'paid' ? 'reference' : 'reason';
  const amount = formatPrice(payout.amount, locale, payout.currency);
  const name = payout.account?.name ?? '';

  const send = () => {
    setFailure(null);
    const value = text.trim();
    if (!value) {
      setError(t(`admin.payouts.${field}_required`));
      return;
    }
    decide.mutate(
      { id: payout.id, decision: kind === 'paid' ? { kind, reference: value } : { kind, reason: value } },
      {
        onSuccess: () => {
          alert(
            'success',
            t(kind === 'paid' ? 'admin.payouts.paid_toast' : 'admin.payouts.rejected_toast', { amount, name }),
          );
          onClose();
        },
        onError: (err) => {
          const fields = fieldErrors(err);
          if (fields[field]) setError(fields[field]);
          else setFailure(errorMessage(err));
        },
      },
    );
  };

  const input = {
    label: t(`admin.payouts.${field}`),
    value: text,
    onChange: (e: { currentTarget: { value: string } }) => {
      setText(e.currentTarget.value);
      setError(undefined);
    },
    error,
    required: true,
    'data-autofocus': true,
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(kind === 'paid' ? 'admin.payouts.paid_title' : 'admin.payouts.reject_title')}
      centered
    >
      <Stack gap="md">
        <Text>
          {amount} · {name} · {PROVIDER_NAMES[payout.provider]} {payout.wallet_number}
        </Text>
        {kind === 'paid' ? (
          <TextInput {...input} maxLength={100} />
        ) : (
          <Textarea {...input} maxLength={500} autosize minRows={2} />
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button color={kind === 'paid' ? 'green' : 'red'} onClick={send} loading={decide.isPending}>
            {t(kind === 'paid' ? 'admin.payouts.mark_paid' : 'admin.payouts.reject')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
