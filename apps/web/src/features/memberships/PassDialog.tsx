import { BILLING_CYCLES, DEFAULT_PAYMENT_PROVIDER, type BillingCycle, type PaymentProvider } from '@inkwell/contracts';
import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { currentLocale } from '../../i18n';
import { formatPrice } from '../../lib/billingFormat';
import { numberFormat } from '../../lib/numbers';
import { ProviderChoice, followNextStep, offeredProvider } from '../billing';
import { usePlans } from '../billing/api';
import { usePayForPass, type PassPurchase } from './api';
import { cyclePrice, yearlySaving, type TierPrices } from './passes';

/** What the dialog sells: a tier to join, or a membership to renew, and what it costs. */
export interface PassOffer {
  purchase: PassPurchase;
  tierName: string;
  accountName: string;
  /**
   * The tier's prices; null when they cannot be known (a member's tier hidden since: both cycles are offered and
   * the server says what they cost), undefined while they load.
   */
  prices: TierPrices | null | undefined;
  /** The cycle chosen first: a member's own when renewing. */
  cycle?: BillingCycle;
}

/** What a year saves over twelve months, said under the cycles when yearly is chosen. */
function Saving({ prices }: { prices: TierPrices }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const saving = yearlySaving(prices);
  if (!saving) return null;
  return (
    <Text size="sm" c="teal.8" fw={600}>
      {t('memberships.saving', {
        percent: numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(saving.share),
        amount: formatPrice(saving.amount, locale, prices.currency),
      })}
    </Text>
  );
}

/**
 * Join a tier or renew a membership: a month or a year (a year only when the tier has a yearly price), a wallet,
 * then the payment's next step (the wallet's page, the sandbox or the QR code on My memberships).
 */
export function PassDialog({ offer, onClose }: { offer: PassOffer; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = currentLocale();
  const plans = usePlans();
  const pay = usePayForPass();
  const [cycle, setCycle] = useState<BillingCycle>(offer.cycle ?? 'monthly');
  const [chosen, setProvider] = useState<PaymentProvider>(DEFAULT_PAYMENT_PROVIDER);
  const [failure, setFailure] = useState<string | null>(null);
  const providers = plans.data?.meta.payment_providers ?? [];
  const provider = offeredProvider(providers, chosen);
  const { prices } = offer;
  const yearly = prices === null || (prices !== undefined && prices.yearly_price !== null);
  const billing = yearly ? cycle : 'monthly';
  const amount = prices ? formatPrice(cyclePrice(prices, billing), locale, prices.currency) : null;

  const submit = () => {
    setFailure(null);
    pay.mutate(
      { purchase: offer.purchase, body: { billing_cycle: billing, payment_provider: provider } },
      {
        onSuccess: (answer) => followNextStep(answer.data.payment, (to) => void navigate(to)),
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(offer.purchase.kind === 'join' ? 'memberships.join_title' : 'memberships.renew_title', {
        tier: offer.tierName,
        name: offer.accountName,
      })}
      centered
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('memberships.pass_terms')}
        </Text>
        {prices === undefined ? (
          <Loader aria-label={t('app.loading')} />
        ) : (
          <>
            {yearly ? (
              <SegmentedControl
                value={billing}
                onChange={(v) => setCycle(v as BillingCycle)}
                data={BILLING_CYCLES.map((c) => ({ value: c, label: t(`plans.cycle.${c}`) }))}
                aria-label={t('plans.cycle_label')}
                fullWidth
              />
            ) : (
              <Text size="sm">{t('memberships.monthly_only')}</Text>
            )}
            {prices && amount && (
              <div>
                <Text fz={24} fw={800} lh={1.4}>
                  {amount}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`memberships.for_cycle.${billing}`)}
                </Text>
              </div>
            )}
            {prices && billing === 'yearly' && <Saving prices={prices} />}
          </>
        )}
        {plans.isPending && <Loader aria-label={t('app.loading')} />}
        {plans.isError && <Alert color="red">{errorMessage(plans.error)}</Alert>}
        {plans.data &&
          (providers.length > 0 ? (
            <ProviderChoice providers={providers} value={provider} onChange={setProvider} />
          ) : (
            <Alert color="yellow">{t('memberships.no_wallets')}</Alert>
          ))}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={pay.isPending} disabled={providers.length === 0 || prices === undefined}>
            {amount ? t('memberships.pay', { amount }) : t('actions.continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
