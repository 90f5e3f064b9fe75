import type { Payout, PayoutStatus } from '@inkwell/contracts';
import { Badge, Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { PROVIDER_NAMES, formatPrice } from '../../lib/billingFormat';
import { longDate } from '../../lib/dates';
import { usePayouts } from './api';

const PAYOUT_COLORS: Record<PayoutStatus, string> = { requested: 'yellow', paid: 'green', rejected: 'red' };

function PayoutItem({ payout }: { payout: Payout }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Stack gap={2} py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" gap="xs">
        <Text fw={700}>{formatPrice(payout.amount, locale, payout.currency)}</Text>
        <Badge color={PAYOUT_COLORS[payout.status]} variant="light">
          {t(`earnings.statuses.${payout.status}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {PROVIDER_NAMES[payout.provider]} · {payout.wallet_number} ·{' '}
        {t('earnings.requested_on', { date: longDate(payout.requested_at, locale) })}
      </Text>
      {payout.reference && <Text size="sm">{t('earnings.reference', { reference: payout.reference })}</Text>}
      {payout.reason && <Text size="sm">{t('earnings.reason', { reason: payout.reason })}</Text>}
    </Stack>
  );
}

/** The payouts asked for, the latest first. Editors may not see them: the card is left out on a 403. */
export function PayoutHistory({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const payouts = usePayouts(accountId, page);
  if (!payouts.data) return null;
  const { data, meta } = payouts.data;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={headingId} data-testid="payouts">
      <Title order={3} fz="h4" id={headingId} mb="sm">
        {t('earnings.payouts')}
      </Title>
      {data.length === 0 ? (
        <Text c="dimmed">{t('earnings.no_payouts')}</Text>
      ) : (
        <Stack gap={0}>
          {data.map((payout) => (
            <PayoutItem key={payout.id} payout={payout} />
          ))}
        </Stack>
      )}
      {meta.last_page > 1 && <Pagination mt="sm" total={meta.last_page} value={page} onChange={setPage} />}
    </Card>
  );
}
