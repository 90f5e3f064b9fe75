import { BILLING_CYCLES, DEFAULT_BILLING_CYCLE, type BillingCycle, type Plan } from '@inkwell/contracts';
import { Alert, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { alert } from '../../lib/alerts';
import { useSession } from '../../session/session';
import { PlanCard } from './PlanCard';
import { ProviderDialog } from './ProviderDialog';
import { SubscriptionCard } from './SubscriptionCard';
import { usePlans, useSubscribe } from './api';
import { PageLoader } from '../../components/PageLoader';

/** My current plan, the plans with a billing-cycle switch, trials and the wallet dialog. */
export function PlanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession()!.user;
  const plans = usePlans();
  const subscribe = useSubscribe();
  const [cycle, setCycle] = useState<BillingCycle>(DEFAULT_BILLING_CYCLE);
  const [buying, setBuying] = useState<Plan | null>(null);
  const providers = plans.data?.meta.payment_providers ?? [];

  const startTrial = (plan: Plan) =>
    subscribe.mutate(
      { plan_id: plan.id, trial: true, billing_cycle: cycle, payment_provider: 'free_trial' },
      {
        onSuccess: () => void navigate('/profile/plan/purchased?trial=1'),
        onError: (error) => alert('danger', errorMessage(error)),
      },
    );

  return (
    <>
      <BackBar title={t('titles.plan')} to="/profile" />
      <Stack gap="lg">
        {user.active_subscription ? (
          <SubscriptionCard subscription={user.active_subscription} />
        ) : (
          <Text c="dimmed">{t('plans.intro')}</Text>
        )}
        <SegmentedControl
          value={cycle}
          onChange={(v) => setCycle(v as BillingCycle)}
          data={BILLING_CYCLES.map((c) => ({ value: c, label: t(`plans.cycle.${c}`) }))}
          aria-label={t('plans.cycle_label')}
          fullWidth
        />
        {plans.isPending && <PageLoader />}
        {plans.isError && <Alert color="red">{errorMessage(plans.error)}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {plans.data?.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              cycle={cycle}
              active={user.active_plan?.id === plan.id}
              canTrial={!user.subscriptions.some((s) => s.plan_id === plan.id)}
              busy={subscribe.isPending && subscribe.variables?.plan_id === plan.id}
              onTrial={() => startTrial(plan)}
              onSubscribe={providers.length > 0 ? () => setBuying(plan) : undefined}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <ProviderDialog
        providers={providers}
        opened={buying !== null}
        onClose={() => setBuying(null)}
        onContinue={(provider) =>
          void navigate(`/profile/plan/confirm?plan=${buying!.id}&cycle=${cycle}&provider=${provider}`)
        }
      />
    </>
  );
}
