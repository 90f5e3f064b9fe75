import '@mantine/charts/styles.css';
import type { Earnings, PaymentCurrency } from '@inkwell/contracts';
import { BarChart } from '@mantine/charts';
import { Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { formatPrice } from '../../lib/billingFormat';
import { longDate, longMonth, shortDay } from '../../lib/dates';
import { numberFormat } from '../../lib/numbers';

type Totals = Earnings['this_month'][number];

/** A titled card, its heading naming the region for assistive technology. */
function Section({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Title order={3} fz="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** A month's totals, one block per currency: what readers paid, the fee, the creator's share, and its sources. */
export function TotalsCard({ month, totals, testId }: { month: string; totals: Totals[]; testId: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const money = (amount: number, currency: PaymentCurrency) => formatPrice(amount, locale, currency);
  return (
    <Section title={t('earnings.earned_in', { month: longMonth(month, locale) })} testId={testId}>
      {totals.length === 0 ? (
        <Text c="dimmed">{t('earnings.nothing_earned')}</Text>
      ) : (
        <Stack gap="md">
          {totals.map((row) => (
            <Stack key={row.currency} gap={4}>
              <Line label={t('earnings.net')} value={money(row.net, row.currency)} strong />
              <Line label={t('earnings.gross')} value={money(row.gross, row.currency)} />
              <Line label={t('earnings.fee')} value={money(row.fee, row.currency)} />
              <Line label={t('earnings.memberships')} value={money(row.memberships, row.currency)} />
              <Line label={t('earnings.tips')} value={money(row.tips, row.currency)} />
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** The creator's share day by day, one bar series per currency (kyat and baht never share an axis in practice). */
export function NetChart({ month, days }: { month: string; days: Earnings['days'] }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const currencies = [...new Set(days.map((d) => d.currency))];
  const byDate = new Map<string, Record<string, string | number>>();
  for (const day of days) {
    const row = byDate.get(day.date) ?? { label: shortDay(day.date, locale) };
    row[day.currency] = day.net;
    byDate.set(day.date, row);
  }
  const data = [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row);
  const plain = numberFormat(locale);
  return (
    <Section title={t('earnings.daily_net')} testId="chart-net">
      {days.length === 0 ? (
        <Text c="dimmed">{t('earnings.no_days', { month: longMonth(month, locale) })}</Text>
      ) : (
        <>
          <BarChart
            h={220}
            data={data}
            dataKey="label"
            series={currencies.map((currency, i) => ({
              name: currency,
              label: currency,
              color: i === 0 ? 'teal.6' : 'indigo.6',
            }))}
            valueFormatter={(value) => plain.format(value)}
            gridAxis="y"
            yAxisProps={{ width: 56 }}
            // The table below carries the figures for assistive technology, as on the insights screen.
            aria-hidden
            barChartProps={{ accessibilityLayer: false, margin: { top: 20, right: 5, bottom: 5, left: 5 } }}
          />
          <VisuallyHidden>
            <table>
              <caption>{t('earnings.daily_net')}</caption>
              <tbody>
                {days.map((d) => (
                  <tr key={`${d.date}-${d.currency}`}>
                    <th scope="row">{longDate(`${d.date}T12:00:00`, locale)}</th>
                    <td>{formatPrice(d.net, locale, d.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </>
      )}
    </Section>
  );
}

/** Live members by tier, and how many joined and left in the month. */
export function MembersSummary({ month, earnings }: { month: string; earnings: Earnings }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const plain = numberFormat(locale);
  const monthLabel = longMonth(month, locale);
  return (
    <Section title={t('earnings.members_by_tier')} testId="members-summary">
      <Group gap="xl" mb="sm">
        <div>
          <Text fz={24} fw={800} data-testid="new-members">
            {plain.format(earnings.new_members)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('earnings.new_members', { month: monthLabel })}
          </Text>
        </div>
        <div>
          <Text fz={24} fw={800} data-testid="lost-members">
            {plain.format(earnings.lost_members)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('earnings.lost_members', { month: monthLabel })}
          </Text>
        </div>
      </Group>
      {earnings.members_by_tier.length === 0 ? (
        <Text c="dimmed">{t('earnings.no_tiers')}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('earnings.tier')}</Table.Th>
              <Table.Th ta="end">{t('earnings.members')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {earnings.members_by_tier.map((tier) => (
              <Table.Tr key={tier.tier_id}>
                <Table.Td>{tier.name}</Table.Td>
                <Table.Td ta="end">{plain.format(tier.members)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

/** What may be paid out now and what is still held, by currency; the payout button when the reader may ask. */
export function BalanceCard({
  balances,
  onRequest,
}: {
  balances: Earnings['balances'];
  onRequest: (() => void) | null;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Section title={t('earnings.balance')} testId="balance">
      <Stack gap="sm">
        {balances.map((b) => (
          <Stack key={b.currency} gap={4}>
            <Line label={t('earnings.available')} value={formatPrice(b.available, locale, b.currency)} strong />
            <Line label={t('earnings.pending')} value={formatPrice(b.pending, locale, b.currency)} />
          </Stack>
        ))}
        <Text size="sm" c="dimmed">
          {t('earnings.pending_hint')}
        </Text>
        {onRequest && (
          <Button onClick={onRequest} leftSection={<IconCash size={18} />} style={{ alignSelf: 'start' }}>
            {t('earnings.request_payout')}
          </Button>
        )}
      </Stack>
    </Section>
  );
}
