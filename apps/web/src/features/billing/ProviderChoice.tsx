import type { PaymentProvider } from '@inkwell/contracts';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROVIDER_NAMES } from '../../lib/billingFormat';

/** The wallets the server takes payments with, as cards to pick one from (plans, memberships, tips). */
export function ProviderChoice({
  providers,
  value,
  onChange,
}: {
  providers: PaymentProvider[];
  value: PaymentProvider;
  onChange: (provider: PaymentProvider) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group value={value} onChange={(v) => onChange(v as PaymentProvider)} aria-label={t('plans.provider_title')}>
      <Stack gap="sm">
        {providers.map((p) => (
          <Radio.Card key={p} value={p} radius="md" p="md">
            <Group wrap="nowrap">
              <Radio.Indicator />
              <div>
                <Text fw={700}>{PROVIDER_NAMES[p]}</Text>
                <Text size="sm" c="dimmed">
                  {t(`plans.provider_hint.${p}`)}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The wallet chosen (KBZPay first, the default) among those offered; the first offered when it is not. */
export const offeredProvider = (providers: PaymentProvider[], chosen: PaymentProvider): PaymentProvider =>
  providers.includes(chosen) ? chosen : (providers[0] ?? chosen);
