import { PAYMENT_CONFIRMATION_WAIT_MS, type Membership, type Payment, type PaymentStatus } from '@inkwell/contracts';
import { Alert, Button, Card, Modal, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { formatDate } from '../../lib/billingFormat';
import { AwaitingPayment, useMinimumWait } from '../billing';
import { usePayment } from '../billing/api';
import { refreshAfterPayment } from './api';

type Settled = Exclude<PaymentStatus, 'pending'>;

/** Payments whose success was said already: a page drawn again (or both its parts) does not toast it twice. */
const announced = new Set<number>();

/**
 * A payment followed until its callback settles it (after at least the spec's few seconds of "awaiting"); once
 * paid, my memberships and the tiers' counts are fetched again and `thanks` is said in a toast.
 */
function useSettledPayment(id: number, thanks: (payment: Payment) => string) {
  const client = useQueryClient();
  const waited = useMinimumWait(PAYMENT_CONFIRMATION_WAIT_MS);
  const payment = usePayment(id, true);
  const data = payment.data?.data;
  const settled: Settled | null = waited && data && data.status !== 'pending' ? data.status : null;
  useEffect(() => {
    if (!data || settled !== 'paid' || announced.has(data.id)) return;
    announced.add(data.id);
    refreshAfterPayment(client);
    alert('success', thanks(data));
  }, [client, data, settled, thanks]);
  return { payment, waited, settled };
}

function failureTitle(status: Settled): string {
  return status === 'expired' ? 'plans.expired_title' : 'plans.failed_title';
}

/**
 * Back on an account's page from a wallet (`?payment=`): a dialog waits for the outcome (with the code to scan
 * for a QR wallet) and says what went wrong; a paid tip or membership is thanked in a toast and the dialog goes.
 */
export function PaymentNotice({
  paymentId,
  accountName,
  onDone,
}: {
  paymentId: number;
  accountName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { payment, waited, settled } = useSettledPayment(paymentId, (p) =>
    t(p.purpose === 'tip' ? 'memberships.tip_thanks' : 'memberships.joined_thanks', { name: accountName }),
  );
  const failed = payment.isError;
  useEffect(() => {
    if (failed) alert('danger', errorMessage(payment.error));
    if (failed || settled === 'paid') onDone();
  }, [failed, settled, payment.error, onDone]);
  if (failed || settled === 'paid') return null;

  return (
    <Modal opened onClose={onDone} title={t('memberships.payment_title')} centered>
      {settled ? (
        <Stack align="center" ta="center" gap="sm">
          <IconAlertTriangle size={48} color="var(--mantine-color-red-6)" aria-hidden />
          <Title order={2} fz="h4">
            {t(failureTitle(settled))}
          </Title>
          <Text c="dimmed">{t('memberships.failed_body')}</Text>
          <Button onClick={onDone}>{t('actions.close')}</Button>
        </Stack>
      ) : (
        <AwaitingPayment step={payment.data?.data.next_step} showQr={waited} level={2} />
      )}
    </Modal>
  );
}

/** What a paid payment bought, said on My memberships: the pass it started (once the list has it) or a tip. */
function paidText(t: TFunction, payment: Payment, passes: Membership[] | undefined) {
  if (payment.purpose === 'tip') return t('memberships.tip_sent');
  const pass = passes?.find((m) => m.id === payment.membership_id);
  if (!pass?.expires_at) return t('memberships.pass_active');
  return t('memberships.pass_active_until', {
    tier: pass.tier.name,
    name: pass.account.name,
    date: formatDate(pass.expires_at, currentLocale()),
  });
}

/** On My memberships after a wallet (`?payment=`): waiting, then what the payment did, until dismissed. */
export function PaymentOutcome({
  paymentId,
  passes,
  onDismiss,
}: {
  paymentId: number;
  passes: Membership[] | undefined;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const { payment, waited, settled } = useSettledPayment(paymentId, (p) =>
    t(p.purpose === 'tip' ? 'memberships.tip_sent' : 'memberships.pass_active'),
  );
  const close = { withCloseButton: true, onClose: onDismiss, closeButtonLabel: t('actions.close') } as const;

  if (payment.isError) {
    return (
      <Alert color="red" {...close}>
        {errorMessage(payment.error)}
      </Alert>
    );
  }
  if (!settled) {
    return (
      <Card withBorder radius="lg">
        <AwaitingPayment step={payment.data?.data.next_step} showQr={waited} level={2} />
      </Card>
    );
  }
  if (settled !== 'paid') {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={t(failureTitle(settled))} {...close}>
        {t('memberships.failed_body')}
      </Alert>
    );
  }
  return (
    <Alert color="green" title={t('plans.thanks_title')} {...close}>
      {paidText(t, payment.data!.data, passes)}
    </Alert>
  );
}
