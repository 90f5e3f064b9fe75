import type { NextStep } from '@inkwell/contracts';
import { Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** At least the spec's three seconds of "awaiting", then whatever the payment really is. */
export function useMinimumWait(ms: number): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDone(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return done;
}

/**
 * Until the gateway's callback settles a payment: a spinner, what it waits for, and the code to scan when the
 * wallet pays by QR (its waiting page is where the payer was sent). A page's own heading or a section's.
 */
export function AwaitingPayment({
  step,
  showQr,
  level = 1,
}: {
  step: NextStep | null | undefined;
  showQr: boolean;
  level?: 1 | 2;
}) {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="md" py="xl" role="status" aria-live="polite">
      <Loader size="lg" />
      <Title order={level} fz="h3">
        {t('plans.awaiting')}
      </Title>
      <Text c="dimmed">{t('plans.awaiting_body')}</Text>
      {showQr && step?.type === 'qr' && (
        <>
          <Image src={step.qr_image} alt={t('plans.qr_alt')} w={240} h={240} />
          <Text size="sm">{t('plans.qr_hint')}</Text>
        </>
      )}
    </Stack>
  );
}
