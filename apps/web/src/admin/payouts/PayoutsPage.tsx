import { PAYOUT_STATUSES, type Payout, type PayoutStatus } from '@inkwell/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  CopyButton,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCash, IconCheck, IconCopy, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { RelativeTime } from '../../components/RelativeTime';
import { currentLocale } from '../../i18n';
import { PROVIDER_NAMES, formatPrice } from '../../lib/billingFormat';
import { longDate } from '../../lib/dates';
import { numberFormat } from '../../lib/numbers';
import { AdminTable } from '../components/AdminTable';
import { ErrorAlert } from '../components/ErrorAlert';
import { ServerPagination } from '../components/ServerPagination';
import { useAdminPayouts } from './api';
import { PayoutDecisionDialog } from './PayoutDecisionDialog';

const STATUS_COLORS: Record<PayoutStatus, string> = { requested: 'yellow', paid: 'green', rejected: 'red' };
const isStatus = (value: string | null): value is PayoutStatus =>
  (PAYOUT_STATUSES as readonly string[]).includes(value ?? '');

/** The status and page, kept in the address (requested is the default and is left out; so is page 1). */
function usePayoutsParams() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: PayoutStatus = isStatus(asked) ? asked : 'requested';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const update = (next: { status?: PayoutStatus; page?: number }) =>
    setParams((previous) => {
      const out = new URLSearchParams(previous);
      if (next.status !== undefined) {
        if (next.status === 'requested') out.delete('status');
        else out.set('status', next.status);
      }
      if (next.page && next.page > 1) out.set('page', String(next.page));
      else out.delete('page');
      return out;
    });
  return { status, page, update };
}

/** The wallet number with a copy button: the admin types it into the wallet app to send the money. */
function WalletNumber({ number }: { number: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Text ff="monospace" size="sm">
        {number}
      </Text>
      <CopyButton value={number}>
        {({ copied, copy }) => (
          <Tooltip label={t(copied ? 'admin.payouts.copied' : 'admin.payouts.copy')} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size={36}
              onClick={copy}
              aria-label={t('admin.payouts.copy_number', { number })}
            >
              {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function PayoutRow({ payout, onDecide }: { payout: Payout; onDecide: (kind: 'paid' | 'reject') => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const name = payout.account?.name ?? '';
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{name}</Text>
        {payout.account && (
          <Text size="sm" c="dimmed">
            /a/{payout.account.username}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text fw={700}>{formatPrice(payout.amount, locale, payout.currency)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{PROVIDER_NAMES[payout.provider]}</Text>
        <WalletNumber number={payout.wallet_number} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }} title={longDate(payout.requested_at, locale)}>
          <RelativeTime value={payout.requested_at} />
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLORS[payout.status]}>
          {t(`admin.payouts.statuses.${payout.status}`)}
        </Badge>
        {payout.reference && <Text size="sm">{t('admin.payouts.reference_is', { reference: payout.reference })}</Text>}
        {payout.reason && <Text size="sm">{t('admin.payouts.reason_is', { reason: payout.reason })}</Text>}
      </Table.Td>
      <Table.Td>
        {payout.status === 'requested' && (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="sm"
              color="green"
              mih={44}
              aria-label={t('admin.payouts.mark_paid_for', { name })}
              onClick={() => onDecide('paid')}
            >
              {t('admin.payouts.mark_paid')}
            </Button>
            <Button
              size="sm"
              variant="default"
              color="red"
              mih={44}
              leftSection={<IconX size={16} />}
              aria-label={t('admin.payouts.reject_for', { name })}
              onClick={() => onDecide('reject')}
            >
              {t('admin.payouts.reject')}
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Payout requests to send by hand through the wallets: the waiting ones oldest first, with the wallet number to
 * copy; marked paid with the transfer's reference or rejected with a reason. On a phone each row is a card.
 */
export function PayoutsPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const statusId = useId();
  const { status, page, update } = usePayoutsParams();
  const payouts = useAdminPayouts({ status, page });
  const [deciding, setDeciding] = useState<{ payout: Payout; kind: 'paid' | 'reject' } | null>(null);
  const total = payouts.data?.meta.total;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text component="span" id={statusId} size="sm" fw={500}>
          {t('admin.payouts.status_filter')}
        </Text>
        <SegmentedControl
          aria-labelledby={statusId}
          value={status}
          onChange={(value) => update({ status: isStatus(value) ? value : 'requested', page: 1 })}
          data={PAYOUT_STATUSES.map((value) => ({ value, label: t(`admin.payouts.statuses.${value}`) }))}
          style={{ alignSelf: 'start' }}
          styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
        />
      </Stack>

      <ErrorAlert error={payouts.error} />

      {payouts.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Center>
      ) : total === 0 ? (
        <EmptyState
          icon={<IconCash size={32} />}
          title={t(`admin.payouts.empty.${status}`)}
          body={t('admin.payouts.empty_body')}
        />
      ) : total !== undefined ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('admin.payouts.found', { count: total, n: numberFormat(locale).format(total) })}
          </Text>
          <AdminTable
            minWidth={860}
            label={t('admin.titles.payouts')}
            busy={payouts.isPlaceholderData}
            hover={false}
            columns={[
              t('admin.payouts.col_account'),
              t('admin.payouts.col_amount'),
              t('admin.payouts.col_wallet'),
              t('admin.payouts.col_requested'),
              t('admin.payouts.col_status'),
              null,
            ]}
          >
            {(payouts.data?.data ?? []).map((payout) => (
              <PayoutRow key={payout.id} payout={payout} onDecide={(kind) => setDeciding({ payout, kind })} />
            ))}
          </AdminTable>
        </>
      ) : null}

      <ServerPagination meta={payouts.data?.meta} onPage={(next) => update({ page: next })} />
      {deciding && (
        <PayoutDecisionDialog payout={deciding.payout} kind={deciding.kind} onClose={() => setDeciding(null)} />
      )}
    </Stack>
  );
}
