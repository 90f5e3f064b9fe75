import { SUBSCRIPTION_STATUSES, type AdminSubscriptionRow, type SubscriptionStatus } from '@inkwell/contracts';
import { Anchor, Badge, Button, Center, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { IconCreditCard, IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PROVIDER_NAMES } from '../../lib/billingFormat';
import { currentLocale } from '../../i18n';
import { longDate } from '../../lib/dates';
import { numberFormat } from '../../lib/numbers';
import { ErrorAlert } from '../components/ErrorAlert';
import { AdminTable } from '../components/AdminTable';
import { ServerPagination } from '../components/ServerPagination';
import { usePermission } from '../usePermission';
import { useAdminSubscriptions } from './api';

const isStatus = (value: string | null): value is SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(value ?? '');

const STATUS_COLORS: Record<SubscriptionStatus, string> = {
  trialing: 'teal',
  active: 'green',
  expired: 'gray',
  cancelled: 'red',
};

/** Every subscription, newest first, with its person and plan; filtered by status, paged by the server. */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : null;
  const subscriptions = useAdminSubscriptions(page, status);
  const total = subscriptions.data?.meta.total;

  const update = (next: { page?: number; status?: SubscriptionStatus | null }) => {
    const merged = new URLSearchParams(params);
    if (next.status !== undefined) {
      if (next.status) merged.set('status', next.status);
      else merged.delete('status');
    }
    if (next.page && next.page > 1) merged.set('page', String(next.page));
    else merged.delete('page');
    setParams(merged);
  };

  return (
    <Stack gap="md">
      <Group align="end" gap="sm" wrap="wrap">
        <Select
          size="md"
          label={t('admin.subscriptions.status_filter')}
          data={[
            { value: 'all', label: t('admin.common.all') },
            ...SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: t(`plans.status.${s}`) })),
          ]}
          value={status ?? 'all'}
          allowDeselect={false}
          onChange={(value) => update({ status: isStatus(value) ? value : null, page: 1 })}
          style={{ flex: '0 1 240px' }}
        />
      </Group>

      <ErrorAlert error={subscriptions.error} />

      {subscriptions.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Center>
      ) : total === 0 ? (
        status ? (
          <EmptyState
            icon={<IconFilterOff size={32} />}
            title={t('admin.subscriptions.empty_filtered_title')}
            body={t('admin.subscriptions.empty_filtered_body')}
            action={
              <Button variant="light" mih={44} onClick={() => update({ status: null, page: 1 })}>
                {t('admin.subscriptions.show_all')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<IconCreditCard size={32} />}
            title={t('admin.subscriptions.empty_title')}
            body={t('admin.subscriptions.empty_body')}
          />
        )
      ) : total !== undefined ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('admin.subscriptions.found', { n: numberFormat(currentLocale()).format(total) })}
          </Text>
          <AdminTable
            minWidth={900}
            busy={subscriptions.isPlaceholderData}
            columns={[
              t('admin.common.id'),
              t('admin.subscriptions.columns.person'),
              t('admin.subscriptions.columns.plan'),
              t('admin.subscriptions.columns.status'),
              t('admin.subscriptions.columns.payment'),
              t('admin.subscriptions.columns.started'),
              t('admin.subscriptions.columns.ends'),
            ]}
          >
            {(subscriptions.data?.data ?? []).map((row) => (
              <SubscriptionRow key={row.id} row={row} />
            ))}
          </AdminTable>
        </>
      ) : null}

      <ServerPagination meta={subscriptions.data?.meta} onPage={(next) => update({ page: next })} />
    </Stack>
  );
}

function SubscriptionRow({ row }: { row: AdminSubscriptionRow }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const mayEditUsers = usePermission('users.view');
  const mayEditPlans = usePermission('plans.manage');
  const provider = row.provider === 'free_trial' ? t('admin.subscriptions.free_trial') : PROVIDER_NAMES[row.provider];
  return (
    <Table.Tr>
      <Table.Td>{row.id}</Table.Td>
      <Table.Td>
        {mayEditUsers ? (
          <Anchor component={Link} to={`/admin/users/${row.user.id}/edit`} size="sm" fw={600}>
            {row.user.name}
          </Anchor>
        ) : (
          <Text size="sm" fw={600}>
            {row.user.name}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          @{row.user.username}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {row.user.email}
        </Text>
      </Table.Td>
      <Table.Td>
        {mayEditPlans ? (
          <Anchor component={Link} to={`/admin/plans/${row.plan.id}/edit`} size="sm">
            {row.plan.name}
          </Anchor>
        ) : (
          <Text size="sm">{row.plan.name}</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[row.status]} variant="light">
          {t(`plans.status.${row.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{provider}</Text>
        {row.billing_cycle && (
          <Text size="xs" c="dimmed">
            {t(`plans.cycle.${row.billing_cycle}`)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{longDate(row.started_at, locale)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{longDate(row.expires_at, locale)}</Text>
        {row.trial_ends_at && row.status === 'trialing' && (
          <Text size="xs" c="dimmed">
            {t('admin.subscriptions.trial_ends', { date: longDate(row.trial_ends_at, locale) })}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
