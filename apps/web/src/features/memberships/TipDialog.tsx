import { TIP_AMOUNT_MAX, TIP_AMOUNT_MIN, TIP_MESSAGE_MAX_LENGTH, TIP_PRESETS } from '@inkwell/contracts';
import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage, fieldErrors } from '../../api/client';
import { currentLocale } from '../../i18n';
import { formatPrice } from '../../lib/billingFormat';
import { followNextStep } from '../billing';
import { useTip } from './api';
import { WalletPicker, useWallets } from './WalletPicker';

/** The account a tip goes to; its page is where the tipper comes back to. */
export interface TipAccount {
  id: number;
  name: string;
  username: string;
}

/** Tips are whole kyat within the server's limits. */
const inRange = (amount: number) => Number.isInteger(amount) && amount >= TIP_AMOUNT_MIN && amount <= TIP_AMOUNT_MAX;

/** One of the offered amounts, or another typed in (its limits said under it); the amount's error under it. */
function AmountChoice({
  preset,
  onPreset,
  custom,
  onCustom,
  range,
  error,
}: {
  preset: number | 'other';
  onPreset: (preset: number | 'other') => void;
  custom: number | string;
  onCustom: (value: number | string) => void;
  range: string;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const label = useId();
  const choice = (value: number | 'other', text: string) => (
    <Button
      key={value}
      variant={preset === value ? 'filled' : 'default'}
      aria-pressed={preset === value}
      onClick={() => onPreset(value)}
    >
      {text}
    </Button>
  );
  return (
    <>
      <div>
        <Text size="sm" fw={500} id={label} mb={4}>
          {t('memberships.tip_amount')}
        </Text>
        <SimpleGrid cols={2} spacing="xs" role="group" aria-labelledby={label}>
          {TIP_PRESETS.map((value) => choice(value, formatPrice(value, locale)))}
          {choice('other', t('memberships.tip_another'))}
        </SimpleGrid>
        {preset !== 'other' && error && (
          <Text size="sm" c="red" mt={4} role="alert">
            {error}
          </Text>
        )}
      </div>
      {preset === 'other' && (
        <NumberInput
          label={t('memberships.tip_custom')}
          description={range}
          value={custom}
          onChange={onCustom}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          clampBehavior="none"
          inputMode="numeric"
          error={error}
          data-autofocus
        />
      )}
    </>
  );
}

/**
 * Support an account with a one-off payment: one of the offered amounts or another within the limits, a message
 * if the reader wants (with its count), a wallet, then the payment's next step; back on the account's page after.
 */
export function TipDialog({ account, onClose }: { account: TipAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = currentLocale();
  const wallets = useWallets();
  const tip = useTip();
  // Opened from a post's Support button (`?support&post=<id>`): the creator sees which post earned it.
  const [params] = useSearchParams();
  const postId = Number(params.get('post'));
  const [preset, setPreset] = useState<number | 'other'>(TIP_PRESETS[0]);
  const [custom, setCustom] = useState<number | string>('');
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const amount = preset === 'other' ? (custom === '' ? NaN : Number(custom)) : preset;
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A field's error goes once the field changes. (Not with lib/useFieldErrors: sharing its file with the compose
  // screen would split that screen's first visit into one more file.)
  const forget = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);
  const limits = { min: formatPrice(TIP_AMOUNT_MIN, locale), max: formatPrice(TIP_AMOUNT_MAX, locale) };

  const send = () => {
    setFailure(null);
    if (!inRange(amount)) {
      setErrors({ amount: t('memberships.tip_out_of_range', limits) });
      return;
    }
    tip.mutate(
      {
        account_id: account.id,
        post_id: Number.isSafeInteger(postId) && postId > 0 ? postId : null,
        amount,
        message: message.trim(),
        payment_provider: wallets.provider,
      },
      {
        onSuccess: (answer) => followNextStep(answer.data.payment, (to) => void navigate(to), `/a/${account.username}`),
        onError: (error) => {
          const fields = fieldErrors(error);
          setErrors(fields);
          if (!fields.amount && !fields.message) setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('memberships.tip_title', { name: account.name })} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('memberships.tip_intro', { name: account.name })}
        </Text>
        <AmountChoice
          preset={preset}
          onPreset={(value) => {
            setPreset(value);
            forget('amount');
          }}
          custom={custom}
          onCustom={(value) => {
            setCustom(value);
            forget('amount');
          }}
          range={t('memberships.tip_range', limits)}
          error={errors.amount}
        />
        <Textarea
          label={t('memberships.tip_message')}
          description={t('creators.characters_left', { count: TIP_MESSAGE_MAX_LENGTH - message.length })}
          value={message}
          onChange={(e) => {
            setMessage(e.currentTarget.value);
            forget('message');
          }}
          maxLength={TIP_MESSAGE_MAX_LENGTH}
          autosize
          minRows={2}
          error={errors.message}
        />
        <WalletPicker wallets={wallets} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={send} loading={tip.isPending} disabled={wallets.none}>
            {inRange(amount)
              ? t('memberships.tip_send_amount', { amount: formatPrice(amount, locale) })
              : t('memberships.tip_send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
