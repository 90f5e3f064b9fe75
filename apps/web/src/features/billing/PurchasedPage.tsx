import { PAYMENT_CONFIRMATION_WAIT_MS } from '@inkwell/contracts';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconConfetti } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSession } from '../../session/session';
import { CreatorNextStep, useCreatorPath } from '../accounts';
import { AwaitingPayment, useMinimumWait } from './AwaitingPayment';
import { SubscriptionCard } from './SubscriptionCard';
import { usePayment } from './api';

export function PurchasedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const paymentId = params.get('payment') ? Number(params.get('payment')) : null;
  const waited = useMinimumWait(paymentId ? PAYMENT_CONFIRMATION_WAIT_MS : 0);
  const payment = usePayment(paymentId, true);
  const session = useSession()!;
  const status = paymentId ? payment.data?.data.status : 'paid';
  const path = useCreatorPath('plan');

  if (payment.isError) return <Alert color="red">{errorMessage(payment.error)}</Alert>;

  if (!waited || status === undefined || status === 'pending')
    return <AwaitingPayment step={payment.data?.data.next_step} showQr={waited} />;

  if (status !== 'paid') {
    return (
      <Stack align="center" ta="center" gap="md" py="xl">
        <IconAlertTriangle size={56} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={1} fz="h3">
          {t(status === 'expired' ? 'plans.expired_title' : 'plans.failed_title')}
        </Title>
        <Text c="dimmed">{t('plans.failed_body')}</Text>
        <Button component={Link} to="/profile/plan">
          {t('plans.back_to_plans')}
        </Button>
      </Stack>
    );
  }

  const subscription = payment.data?.data.subscription ?? session.user.active_subscription;
  // A creator who has posted already is past the steps: the plain way to another account stays.
  const onPath = path.known ? path.next !== null : undefined;
  return (
    <Stack gap="lg" py="md">
      <Stack align="center" ta="center" gap="xs">
        <IconConfetti size={56} color="var(--mantine-primary-color-filled)" aria-hidden />
        <Title order={1} fz="h2">
          {t('plans.thanks_title')}
        </Title>
        <Text>{t(onPath === false ? 'plans.thanks_body' : 'plans.thanks_next')}</Text>
      </Stack>
      {subscription && <SubscriptionCard subscription={subscription} />}
      {/* What comes next on the way to a first post: the organization, or the account if there is one. */}
      <CreatorNextStep justDone="plan" />
      {onPath === false && (
        <Button component={Link} to="/create" size="lg">
          {t('plans.create_account')}
        </Button>
      )}
    </Stack>
  );
}
