import type { AdminPayment, PaymentStatus } from '@inkwell/contracts';
import { Badge, Button, Center, Group, Loader, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconReceipt, IconSearch } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
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
import { useAdminPayments, type PaymentPurposeFilter, type PaymentStatusFilter, type PaymentsFilter } from './api';
import { usePaymentsMessages } from './messages';
import { RefundDialog } from './RefundDialog';

const PURPOSES: readonly PaymentPurposeFilter[] = ['membership', 'tip'];
const STATUSES: readonly PaymentStatusFilter[] = ['paid', 'refunded'];
const STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'yellow',
  paid: 'green',
  failed: 'red',
  expired: 'gray',
  refunded: 'grape',
};
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  list.includes(value as T) ? (value as T) : null;
/** The segmented controls' labels hold a 44 px tap target, and Burmese letters stacked above and below the line. */
const SEGMENT_STYLES = {
  label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' },
} as const;

/** Purpose, status, search words and page, kept in the address (a reload or a shared link shows the same rows). */
function usePaymentsParams() {
  const [params, setParams] = useSearchParams();
  const filter: PaymentsFilter = {
    purpose: oneOf(PURPOSES, params.get('purpose')),
    status: oneOf(STATUSES, params.get('status')),
    q: (params.get('q') ?? '').trim(),
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
  // Any change but the page's starts again at page 1.
  const update = (next: Partial<PaymentsFilter>) =>
    setParams((previous) => {
      const out = new URLSearchParams(previous);
      const set = (key: string, value: string | null | undefined) => {
        if (value === undefined) return;
        if (value) out.set(key, value);
        else out.delete(key);
      };
      set('purpose', next.purpose);
      set('status', next.status);
      set('q', next.q?.trim());
      const page = next.page ?? 1;
      set('page', page > 1 ? String(page) : null);
      return out;
    });
  return { filter, update };
}

/** A filter of two values and All, named by the words above it. */
function Choice<T extends string>({
  label,
  value,
  values,
  labelOf,
  onChange,
}: {
  label: string;
  value: T | null;
  values: readonly T[];
  labelOf: (value: T | 'all') => string;
  onChange: (value: T | null) => void;
}) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text component="span" id={id} size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={value ?? 'all'}
        onChange={(next) => onChange(oneOf(values, next))}
        data={(['all', ...values] as const).map((v) => ({ value: v, label: labelOf(v) }))}
        styles={SEGMENT_STYLES}
      />
    </Stack>
  );
}

/** The search box (an order id, or a payer's username or e-mail, matched exactly) and the two filters. */
function Filters({ filter, onChange }: { filter: PaymentsFilter; onChange: (next: Partial<PaymentsFilter>) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filter.q);
  // The words in the address changed (back button, Show all): the box shows them.
  const [shown, setShown] = useState(filter.q);
  if (shown !== filter.q) {
    setShown(filter.q);
    setDraft(filter.q);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: draft });
  };
  return (
    <Group align="flex-end" wrap="wrap" gap="md">
      <Group
        component="form"
        role="search"
        onSubmit={submit}
        align="flex-end"
        gap="xs"
        wrap="nowrap"
        style={{ flex: '1 1 18rem' }}
      >
        <TextInput
          type="search"
          label={t('admin.payments.search_label')}
          description={t('admin.payments.search_hint')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={100}
          size="md"
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" size="md" h={44}>
          {t('admin.common.search')}
        </Button>
      </Group>
      <Choice
        label={t('admin.payments.purpose_filter')}
        value={filter.purpose}
        values={PURPOSES}
        labelOf={(v) => t(v === 'all' ? 'admin.common.all' : `admin.payments.purposes.${v}`)}
        onChange={(purpose) => onChange({ purpose })}
      />
      <Choice
        label={t('admin.payments.status_filter')}
        value={filter.status}
        values={STATUSES}
        labelOf={(v) => t(v === 'all' ? 'admin.common.all' : `admin.payments.statuses.${v}`)}
        onChange={(status) => onChange({ status })}
      />
    </Group>
  );
}

function PaymentRow({ payment, onRefund }: { payment: AdminPayment; onRefund: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const amount = formatPrice(payment.amount, locale, payment.currency);
  const when = payment.paid_at ?? payment.created_at;
  // Usernames and order ids are one long word: they break anywhere rather than widen a phone's card.
  const wrap = { overflowWrap: 'anywhere' } as const;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} style={wrap}>
          {payment.user.name}
        </Text>
        <Text size="sm" c="dimmed" style={wrap}>
          @{payment.user.username}
        </Text>
      </Table.Td>
      <Table.Td>
        {payment.account ? (
          <>
            <Text style={wrap}>{payment.account.name}</Text>
            <Text size="sm" c="dimmed" style={wrap}>
              /a/{payment.account.username}
            </Text>
          </>
        ) : (
          <Text c="dimmed">{t('admin.payments.account_gone')}</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text style={wrap}>{payment.tier ? payment.tier.name : t('admin.payments.tip')}</Text>
        {payment.message && (
          <Text size="sm" c="dimmed" style={{ ...wrap, whiteSpace: 'pre-line' }}>
            {t('admin.payments.message_is', { message: payment.message })}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text fw={700}>{amount}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{PROVIDER_NAMES[payment.provider]}</Text>
        <Text size="sm" ff="monospace" style={wrap}>
          {payment.order_id}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLORS[payment.status]}>
          {t(`admin.payments.statuses.${payment.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }} title={longDate(when, locale)}>
          <RelativeTime value={when} />
        </Text>
      </Table.Td>
      <Table.Td>
        {payment.status === 'paid' && (
          <Button
            size="sm"
            variant="default"
            color="red"
            mih={44}
            leftSection={<IconArrowBackUp size={16} />}
            aria-label={t('admin.payments.refund_for', { amount, name: payment.user.name })}
            onClick={onRefund}
          >
            {t('admin.payments.refund')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function Payments() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { filter, update } = usePaymentsParams();
  const payments = useAdminPayments(filter);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const total = payments.data?.meta.total;
  const filtered = Boolean(filter.purpose || filter.status || filter.q);

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('admin.payments.intro')}</Text>
      <Filters filter={filter} onChange={update} />
      <ErrorAlert error={payments.error} />

      {payments.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Center>
      ) : total === 0 ? (
        <EmptyState
          icon={<IconReceipt size={32} />}
          title={t(filtered ? 'admin.payments.empty_filtered_title' : 'admin.payments.empty_title')}
          body={t(filtered ? 'admin.payments.empty_filtered_body' : 'admin.payments.empty_body')}
          action={
            filtered && (
              <Button variant="light" mih={44} onClick={() => update({ purpose: null, status: null, q: '' })}>
                {t('admin.payments.show_all')}
              </Button>
            )
          }
        />
      ) : total !== undefined ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('admin.payments.found', { count: total, n: numberFormat(locale).format(total) })}
          </Text>
          <AdminTable
            minWidth={1040}
            label={t('admin.titles.payments')}
            busy={payments.isPlaceholderData}
            hover={false}
            columns={[
              t('admin.payments.col_payer'),
              t('admin.payments.col_account'),
              t('admin.payments.col_for'),
              t('admin.payments.col_amount'),
              t('admin.payments.col_wallet'),
              t('admin.payments.col_status'),
              t('admin.payments.col_date'),
              null,
            ]}
          >
            {(payments.data?.data ?? []).map((payment) => (
              <PaymentRow key={payment.id} payment={payment} onRefund={() => setRefunding(payment)} />
            ))}
          </AdminTable>
        </>
      ) : null}

      <ServerPagination meta={payments.data?.meta} onPage={(page) => update({ page })} />
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </Stack>
  );
}

/**
 * Members' and tippers' payments to creators, newest first, to find one to refund: by purpose, status, or an
 * order id, username or e-mail from a support request. Refund asks for a reason and says what it undoes. On a
 * phone each row is a card, its Refund in view.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  return usePaymentsMessages() ? (
    <Payments />
  ) : (
    <Center py="xl">
      <Loader aria-label={t('admin.common.loading')} />
    </Center>
  );
}
