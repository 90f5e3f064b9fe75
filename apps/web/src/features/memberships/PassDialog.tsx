import { BILLING_CYCLES, type BillingCycle, type Tier } from '@inkwell/contracts';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { formatDate, formatPrice } from '../../lib/billingFormat';
import { numberFormat } from '../../lib/numbers';
import { followNextStep } from '../billing';
import { refreshAfterPayment, usePayForPass, type PassPurchase } from './api';
import { cyclePrice, yearlySaving, type TierPrices } from './passes';
import { WalletPicker, useWallets } from './WalletPicker';

/** Moving my live pass on another of the account's tiers to this one: from which tier, and what it costs now. */
export interface PassMove {
  fromTier: string;
  /** The pass's end, which a free move keeps. */
  endsAt: string | null;
  price: NonNullable<Tier['move_price']>;
}

/** What the dialog sells: a tier to join or move to, or a membership to renew, and what it costs. */
export interface PassOffer {
  purchase: PassPurchase;
  tierName: string;
  accountName: string;
  prices: TierPrices;
  /** The cycle chosen first: a member's own when renewing or moving. */
  cycle?: BillingCycle;
  move?: PassMove;
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
 * What a move costs for the chosen cycle: the prorated price, paid for a new whole cycle, or nothing when the
 * days left on my tier cover it (the pass then keeps its end).
 */
function MovePrice({ move, cycle, amount }: { move: PassMove; cycle: BillingCycle; amount: string | null }) {
  const { t } = useTranslation();
  if (amount === null) {
    return (
      <div>
        <Text fw={700} c="teal.8">
          {t('memberships.move_free', { tier: move.fromTier })}
        </Text>
        {move.endsAt && (
          <Text size="sm" c="dimmed">
            {t('memberships.ends_on', { date: formatDate(move.endsAt, currentLocale()) })}
          </Text>
        )}
      </div>
    );
  }
  return (
    <div>
      <Text fz="lg" fw={800} lh={1.5}>
        {t('memberships.move_price', { amount })}
      </Text>
      <Text size="sm" c="dimmed">
        {t(`memberships.move_cycle.${cycle}`)}
      </Text>
    </div>
  );
}

/**
 * Join a tier, renew a membership or move it to another tier: a month or a year (a year only when the tier has a
 * yearly price), a wallet, then the payment's next step (the wallet's page, the sandbox or the QR code on My
 * memberships). A move the days left cover needs no wallet: the server settles it at once, and the dialog says so.
 */
export function PassDialog({ offer, onClose }: { offer: PassOffer; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const locale = currentLocale();
  const wallets = useWallets();
  const pay = usePayForPass();
  const [cycle, setCycle] = useState<BillingCycle>(offer.cycle ?? 'monthly');
  const [failure, setFailure] = useState<string | null>(null);
  const { prices, move } = offer;
  const yearly = move ? move.price.yearly !== null : prices.yearly_price !== null;
  const billing = yearly ? cycle : 'monthly';
  const cost = move
    ? ((billing === 'yearly' ? move.price.yearly : move.price.monthly) ?? 0)
    : cyclePrice(prices, billing);
  const free = Boolean(move) && cost === 0;
  const amount = free ? null : formatPrice(cost, locale, prices.currency);

  const submit = () => {
    setFailure(null);
    pay.mutate(
      { purchase: offer.purchase, body: { billing_cycle: billing, payment_provider: wallets.provider } },
      {
        onSuccess: ({ data: { payment } }) => {
          if (move && payment.status === 'paid') {
            refreshAfterPayment(client);
            alert('success', t('memberships.moved_toast', { tier: offer.tierName }));
            onClose();
          } else followNextStep(payment, (to) => void navigate(to));
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  const title = move ? 'memberships.move_title' : `memberships.${offer.purchase.kind}_title`;
  return (
    <Modal opened onClose={onClose} title={t(title, { tier: offer.tierName, name: offer.accountName })} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {move ? t('memberships.move_intro', { tier: move.fromTier }) : t('memberships.pass_terms')}
        </Text>
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
        {move ? (
          <MovePrice move={move} cycle={billing} amount={amount} />
        ) : (
          <div>
            <Text fz={24} fw={800} lh={1.4}>
              {amount}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`memberships.for_cycle.${billing}`)}
            </Text>
          </div>
        )}
        {!move && billing === 'yearly' && <Saving prices={prices} />}
        {!free && <WalletPicker wallets={wallets} />}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={pay.isPending} disabled={!free && wallets.none}>
            {amount ? t('memberships.pay', { amount }) : t('memberships.move_confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
