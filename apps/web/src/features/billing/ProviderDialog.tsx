import { DEFAULT_PAYMENT_PROVIDER, type PaymentProvider } from '@inkwell/contracts';
import { Button, Group, Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProviderChoice, offeredProvider } from './ProviderChoice';

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
  const provider = offeredProvider(providers, chosen);
  return (
    <Modal opened={opened} onClose={onClose} title={t('plans.provider_title')} centered>
      <ProviderChoice providers={providers} value={provider} onChange={setProvider} />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button onClick={() => onContinue(provider)}>{t('actions.continue')}</Button>
      </Group>
    </Modal>
  );
}
