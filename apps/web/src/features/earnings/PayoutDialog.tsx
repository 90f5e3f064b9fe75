import {
  DEFAULT_PAYMENT_PROVIDER,
  PAYMENT_PROVIDERS,
  PAYOUT_MIN,
  type PaymentCurrency,
  type PaymentProvider,
} from '@inkwell/contracts';
import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../api/client';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { PROVIDER_NAMES, formatPrice } from '../../lib/billingFormat';
import { useRequestPayout } from './api';

/** The fields the server names in its 422s; anything else is shown above the buttons. */
const FIELDS = ['amount', 'provider', 'wallet_number'] as const;

/**
 * Ask for a payout: the amount (the available balance to start with), the wallet and its number. The server
 * checks the balance and the number again; its field errors are shown under their fields.
 */
export function PayoutDialog({
  accountId,
  available,
  currency,
  onClose,
}: {
  accountId: number;
  available: number;
  currency: PaymentCurrency;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const walletLabel = useId();
  const request = useRequestPayout(accountId);
  const [amount, setAmount] = useState<number | string>(available);
  const [provider, setProvider] = useState<PaymentProvider>(DEFAULT_PAYMENT_PROVIDER);
  const [wallet, setWallet] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const forget = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);
  const limits = { min: formatPrice(PAYOUT_MIN, locale, currency), max: formatPrice(available, locale, currency) };

  const send = () => {
    setFailure(null);
    const value = amount === '' ? NaN : Number(amount);
    const local: Record<string, string> = {};
    if (!Number.isInteger(value) || value < PAYOUT_MIN || value > available)
      local.amount = t('earnings.amount_range', limits);
    if (wallet.trim() === '') local.wallet_number = t('earnings.wallet_required');
    setErrors(local);
    if (Object.keys(local).length) return;
    request.mutate(
      { amount: value, provider, wallet_number: wallet.trim() },
      {
        onSuccess: () => {
          alert('success', t('earnings.requested_toast', { amount: formatPrice(value, locale, currency) }));
          onClose();
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          setErrors(fields);
          if (!FIELDS.some((field) => fields[field])) setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('earnings.payout_title')} centered>
      <Stack gap="md">
        <NumberInput
          label={t('earnings.amount')}
          description={t('earnings.amount_hint', limits)}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            forget('amount');
          }}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          clampBehavior="none"
          inputMode="numeric"
          error={errors.amount}
          data-autofocus
        />
        <div>
          <Text size="sm" fw={500} id={walletLabel} mb={4}>
            {t('earnings.wallet')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby={walletLabel}
            value={provider}
            onChange={(value) => {
              setProvider(value as PaymentProvider);
              forget('provider');
            }}
            data={PAYMENT_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_NAMES[p] }))}
          />
          {errors.provider && (
            <Text size="sm" c="red" mt={4} role="alert">
              {errors.provider}
            </Text>
          )}
        </div>
        <TextInput
          label={t('earnings.wallet_number')}
          description={t('earnings.wallet_hint')}
          placeholder="09…"
          // Burmese and Thai digits are accepted by the server, so the phone's own keypad is fine.
          inputMode="tel"
          autoComplete="tel"
          value={wallet}
          onChange={(e) => {
            setWallet(e.currentTarget.value);
            forget('wallet_number');
          }}
          error={errors.wallet_number}
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
          <Button onClick={send} loading={request.isPending}>
            {t('earnings.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
