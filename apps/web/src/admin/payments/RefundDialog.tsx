import type { AdminPayment } from '@inkwell/contracts';
import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../api/client';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { PROVIDER_NAMES, formatPrice } from '../../lib/billingFormat';
import { useRefundPayment } from './api';

/**
 * Refund a paid payment, with a reason (required: it is what the audit log keeps). Before it, what a refund does:
 * the creator's share comes off the ledger, the membership it paid ends, and the money goes back by hand in the
 * wallet's merchant portal (no wallet here refunds through an API). Progress on the button, a toast after.
 */
export function RefundDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const refund = useRefundPayment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const amount = formatPrice(payment.amount, locale, payment.currency);
  const name = payment.user.name;
  const provider = PROVIDER_NAMES[payment.provider];

  const send = () => {
    setFailure(null);
    const value = reason.trim();
    if (!value) {
      setError(t('admin.payments.reason_required'));
      return;
    }
    refund.mutate(
      { id: payment.id, reason: value },
      {
        onSuccess: () => {
          alert('success', t('admin.payments.refunded_toast', { amount, name }));
          onClose();
        },
        onError: (err) => {
          const fields = fieldErrors(err);
          if (fields.reason) setError(fields.reason);
          else setFailure(errorMessage(err));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('admin.payments.refund_title')} centered>
      <Stack gap="md">
        <div>
          <Text fw={700}>
            {amount} · {name}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {payment.tier ? payment.tier.name : t('admin.payments.tip')}
            {payment.account && ` · ${payment.account.name}`} · {provider} · {payment.order_id}
          </Text>
        </div>
        {/* Read before acting, not news: a note, not an alert that interrupts a screen reader. */}
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={t('admin.payments.refund_warning')}
          variant="light"
          role="note"
        >
          <List size="sm" spacing={4}>
            <List.Item>{t('admin.payments.refund_ledger')}</List.Item>
            {payment.purpose === 'membership' && (
              <List.Item>{t('admin.payments.refund_membership', { tier: payment.tier?.name ?? '' })}</List.Item>
            )}
            <List.Item>{t('admin.payments.refund_money', { amount, provider })}</List.Item>
          </List>
        </Alert>
        <Textarea
          label={t('admin.payments.reason')}
          description={t('admin.payments.reason_hint')}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          required
          maxLength={500}
          autosize
          minRows={2}
          data-autofocus
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button color="red" onClick={send} loading={refund.isPending}>
            {t('admin.payments.refund')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
