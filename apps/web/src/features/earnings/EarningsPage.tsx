import { DEFAULT_TIME_ZONE, addMonths, monthInZone, type Earnings } from '@inkwell/contracts';
import { Alert, Select, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { EmptyState } from '../../components/EmptyState';
import { NotFound, isNotFound } from '../../components/NotFound';
import { PageLoader } from '../../components/PageLoader';
import { currentLocale } from '../../i18n';
import { longMonth } from '../../lib/dates';
import { useMyAccounts } from '../accounts/api';
import { monthsOffered } from '../insights/api';
import { useEarnings, usePayouts } from './api';
import { BalanceCard, MembersSummary, NetChart, TotalsCard } from './EarningsCards';
import { MembersPanel } from './MembersPanel';
import { useEarningsMessages } from './messages';
import { PayoutDialog } from './PayoutDialog';
import { PayoutHistory } from './PayoutHistory';

/** An admin opening an account that is not theirs: its creation date is unknown here, so two years are offered. */
const FALLBACK = { time_zone: DEFAULT_TIME_ZONE, created_at: '2000-01-01T00:00:00Z' };

/** The balance a payout is asked from: the one with the most available (the server picks the account's currency). */
const payoutBalance = (balances: Earnings['balances']) =>
  [...balances].sort((a, b) => b.available - a.available)[0] ?? { currency: 'MMK' as const, available: 0, pending: 0 };

function Overview({ accountId, month }: { accountId: number; month: string }) {
  const { t } = useTranslation();
  const earnings = useEarnings(accountId, month);
  // Only owners may see and ask for payouts: the history answering is what shows the button.
  const owner = usePayouts(accountId).isSuccess;
  const [asking, setAsking] = useState(false);

  if (earnings.isPending) return <PageLoader />;
  if (earnings.isError) {
    if (isNotFound(earnings.error)) return <NotFound headingOrder={2} />;
    if (earnings.error instanceof ApiError && earnings.error.status === 403)
      return (
        <EmptyState
          icon={<IconLock size={32} />}
          title={t('earnings.owners_only_title')}
          body={t('earnings.owners_only_body')}
        />
      );
    return (
      <Alert color="red" title={t('earnings.load_failed')}>
        {errorMessage(earnings.error)}
      </Alert>
    );
  }
  const data = earnings.data.data;
  const balance = payoutBalance(data.balances);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TotalsCard month={data.month} totals={data.this_month} testId="this-month" />
        <TotalsCard month={addMonths(data.month, -1)} totals={data.last_month} testId="last-month" />
      </SimpleGrid>
      <NetChart month={data.month} days={data.days} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <MembersSummary month={data.month} earnings={data} />
        <BalanceCard balances={data.balances} onRequest={owner ? () => setAsking(true) : null} />
      </SimpleGrid>
      <PayoutHistory accountId={accountId} />
      {asking && (
        <PayoutDialog
          accountId={accountId}
          available={balance.available}
          currency={balance.currency}
          onClose={() => setAsking(false)}
        />
      )}
    </Stack>
  );
}

function EarningsScreen({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [params, setParams] = useSearchParams();
  const account = useMyAccounts().data?.data.find((a) => a.id === accountId);
  const months = useMemo(() => monthsOffered(account ?? FALLBACK), [account]);
  const asked = params.get('month') ?? '';
  // Before the account's zone is known, this month in the default zone (the server's default too).
  const month = months.includes(asked) ? asked : (months[0] ?? monthInZone(new Date(), DEFAULT_TIME_ZONE));
  const tab = params.get('tab') === 'members' ? 'members' : 'overview';
  const set = (key: string, value: string | null) =>
    setParams(
      (previous) => {
        const out = new URLSearchParams(previous);
        if (value) out.set(key, value);
        else out.delete(key);
        return out;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      {account && <Text fw={700}>{account.name}</Text>}
      <Tabs value={tab} onChange={(value) => set('tab', value === 'members' ? 'members' : null)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="overview">{t('earnings.tab_overview')}</Tabs.Tab>
          <Tabs.Tab value="members">{t('earnings.tab_members')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <Stack gap="md">
            <Select
              label={t('earnings.month')}
              data={months.map((m) => ({ value: m, label: longMonth(m, locale) }))}
              value={month}
              onChange={(value) => value && set('month', value)}
              allowDeselect={false}
              checkIconPosition="right"
              w={{ base: '100%', xs: 220 }}
              comboboxProps={{ withinPortal: true }}
            />
            <Overview accountId={accountId} month={month} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="members">
          <MembersPanel accountId={accountId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** `/accounts/:id/earnings`: a month of an account's earnings, its balance and payouts, and its members. */
export function EarningsPage() {
  const { t } = useTranslation();
  const accountId = Number(useParams().id);
  const ready = useEarningsMessages();
  return (
    <>
      <BackBar title={t('creators.earnings')} />
      {!Number.isInteger(accountId) || accountId <= 0 ? (
        <NotFound headingOrder={2} />
      ) : ready ? (
        <EarningsScreen accountId={accountId} />
      ) : (
        <PageLoader />
      )}
    </>
  );
}
