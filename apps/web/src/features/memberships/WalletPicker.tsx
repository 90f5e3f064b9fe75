import { DEFAULT_PAYMENT_PROVIDER, type PaymentProvider } from '@inkwell/contracts';
import { Alert, Loader } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { ProviderChoice, offeredProvider } from '../billing';
import { usePlans } from '../billing/api';

/** The wallets that take payments now (the plans' answer says which), and the one chosen among them. */
export function useWallets() {
  const plans = usePlans();
  const [chosen, choose] = useState<PaymentProvider>(DEFAULT_PAYMENT_PROVIDER);
  const offered = plans.data?.meta.payment_providers ?? [];
  return {
    plans,
    offered,
    /** KBZPay first; the first offered when the chosen one is not. */
    provider: offeredProvider(offered, chosen),
    choose,
    /** Nothing to pay with (yet): paying waits. */
    none: offered.length === 0,
  };
}
export type Wallets = ReturnType<typeof useWallets>;

/** The pass and tip dialogs' choice of wallet, or why there is none: still loading, failed, or none offered. */
export function WalletPicker({ wallets }: { wallets: Wallets }) {
  const { t } = useTranslation();
  const { plans, offered, provider, choose } = wallets;
  if (plans.isPending) return <Loader aria-label={t('app.loading')} />;
  if (plans.isError) return <Alert color="red">{errorMessage(plans.error)}</Alert>;
  return offered.length > 0 ? (
    <ProviderChoice providers={offered} value={provider} onChange={choose} />
  ) : (
    <Alert color="yellow">{t('memberships.no_wallets')}</Alert>
  );
}
