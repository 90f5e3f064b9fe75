import { BILLING_CYCLES, DEFAULT_BILLING_CYCLE, type BillingCycle, type Plan } from '@inkwell/contracts';
import { Alert, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { alert } from '../../lib/alerts';
import { useSession } from '../../session/session';
import { CreatorPathSteps } from '../accounts';
import { PlanCard } from './PlanCard';
import { ProviderDialog } from './ProviderDialog';
import { TrialDialog } from './TrialDialog';
import { planOffer } from './offers';
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
  const [trying, setTrying] = useState<Plan | null>(null);
  const live = user.active_subscription;
  const providers = plans.data?.meta.payment_providers ?? [];

  const startTrial = (plan: Plan) =>
    subscribe.mutate(
      { plan_id: plan.id, trial: true, billing_cycle: cycle, payment_provider: 'free_trial' },
      {
        onSuccess: () => {
          setTrying(null);
          void navigate('/profile/plan/purchased?trial=1');
        },
        onError: (error) => alert('danger', errorMessage(error)),
      },
    );

  return (
    <>
      <BackBar title={t('titles.plan')} to="/profile" />
      <Stack gap="lg">
        {/* Without a plan, the whole way to a first post is shown before the first step of it. */}
        {!user.create_account && <CreatorPathSteps current="plan" />}
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
              offer={planOffer(plan, live, user.subscriptions, plans.data.data)}
              currentPlanName={live?.plan.name}
              busy={subscribe.isPending && subscribe.variables?.plan_id === plan.id}
              onTrial={() => setTrying(plan)}
              onSubscribe={providers.length > 0 ? () => setBuying(plan) : undefined}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <TrialDialog
        plan={trying}
        replaces={live ? (live.status === 'trialing' ? 'trial' : 'paid') : null}
        currentPlanName={live?.plan.name}
        busy={subscribe.isPending}
        onClose={() => setTrying(null)}
        onStart={() => trying && startTrial(trying)}
      />
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
