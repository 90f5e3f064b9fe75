import type { BillingCycle, Plan } from '@inkwell/contracts';
import { PlanFeatures } from '@inkwell/contracts';
import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';
import { formatPrice, monthlyPrice } from '../../lib/billingFormat';
import type { PlanOffer } from './offers';

/** The plan's features JSON, or nothing when an administrator saved something unreadable. */
function features(plan: Plan) {
  try {
    const parsed = PlanFeatures.safeParse(JSON.parse(plan.features));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function PlanCard({
  plan,
  cycle,
  offer,
  currentPlanName,
  busy,
  onTrial,
  onSubscribe,
}: {
  plan: Plan;
  cycle: BillingCycle;
  offer: PlanOffer;
  /** The live subscription's plan, named in what buying this one does to it. */
  currentPlanName?: string;
  busy: boolean;
  onTrial: () => void;
  /** Absent when no wallet takes payments on this server: only the trial is offered. */
  onSubscribe?: () => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const active = offer.current;
  const purchase = onSubscribe ? offer.purchase : null;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      aria-label={plan.name}
      style={active ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="start">
          <Title order={3} fz="h4">
            {plan.name}
          </Title>
          {active && <Badge>{t('plans.current')}</Badge>}
        </Group>
        <Text c="dimmed" size="sm">
          {plan.description}
        </Text>
        <div>
          <Text fz={28} fw={800} lh={1.2}>
            {plan.is_free ? t('plans.free') : formatPrice(monthlyPrice(plan, cycle), locale)}
          </Text>
          {!plan.is_free && (
            <Text size="sm" c="dimmed">
              {cycle === 'yearly'
                ? t('plans.per_month_yearly', { total: formatPrice(plan.yearly_price, locale) })
                : t('plans.per_month')}
            </Text>
          )}
        </div>
        {/* Only a trial the person can still take is shown: one per person, ever. */}
        {offer.trial && (
          <Badge variant="light" color="teal">
            {t('plans.trial_days', {
              count: plan.trial_period_days,
              days: numberFormat(locale).format(plan.trial_period_days),
            })}
          </Badge>
        )}
        {features(plan).map((group) => (
          <div key={group.sub_feature_head}>
            <Text fw={700} size="sm" mb={4}>
              {group.sub_feature_head}
            </Text>
            <List
              size="sm"
              spacing={4}
              icon={
                <ThemeIcon size={18} radius="xl" variant="light">
                  <IconCheck size={12} />
                </ThemeIcon>
              }
            >
              {group.items.map((item) => (
                <List.Item key={item.text}>{item.text}</List.Item>
              ))}
            </List>
          </div>
        ))}
        {/* A paid current plan shows no buttons (spec §4); a free plan has nothing to buy. */}
        {(purchase || offer.trial) && (
          <Stack gap="xs" mt="auto" pt="sm">
            {purchase && (
              <Button onClick={onSubscribe} disabled={busy}>
                {t(`plans.purchase.${purchase}`)}
              </Button>
            )}
            {purchase && offer.replaces && currentPlanName && (
              <Text size="sm" c="dimmed">
                {t(`plans.replaces_${offer.replaces}`, { plan: currentPlanName })}
              </Text>
            )}
            {offer.trial && (
              <Button variant="light" onClick={onTrial} loading={busy}>
                {t('plans.start_trial')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
