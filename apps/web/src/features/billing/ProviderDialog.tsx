import { DEFAULT_PAYMENT_PROVIDER, type PaymentProvider } from '@inkwell/contracts';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVIDER_NAMES } from '../../lib/billingFormat';

/** Choose the wallet to pay with (KBZPay first, the default), among those the server takes payments with. */
export function ProviderDialog({
  providers,
  opened,
  onClose,
  onContinue,
}: {
  providers: PaymentProvider[];
  opened: boolean;
  onClose: () => void;
  onContinue: (provider: PaymentProvider) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setProvider] = useState<PaymentProvider>(DEFAULT_PAYMENT_PROVIDER);
  const provider = providers.includes(chosen) ? chosen : (providers[0] ?? chosen);
  return (
    <Modal opened={opened} onClose={onClose} title={t('plans.provider_title')} centered>
      <Radio.Group
        value={provider}
        onChange={(v) => setProvider(v as PaymentProvider)}
        aria-label={t('plans.provider_title')}
      >
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
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button onClick={() => onContinue(provider)}>{t('actions.continue')}</Button>
      </Group>
    </Modal>
  );
}
