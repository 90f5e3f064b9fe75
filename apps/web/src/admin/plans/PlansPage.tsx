import type { AdminPlan } from '@inkwell/contracts';
import { Badge, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { formatPrice } from '../../lib/billingFormat';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';
import { ErrorAlert } from '../components/ErrorAlert';
import { AdminTable } from '../components/AdminTable';
import { ServerPagination } from '../components/ServerPagination';
import { useAdminPlans } from './api';

/** The plans list: every plan, hidden ones marked, with prices, trial and how many people are on it. */
export function PlansPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const plans = useAdminPlans(page);
  const rows = plans.data?.data ?? [];

  const addButton = (
    <Button component={Link} to="/admin/plans/add" leftSection={<IconPlus size={18} />} mih={44}>
      {t('admin.plans.add')}
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text c="dimmed" maw={560}>
          {t('admin.plans.intro')}
        </Text>
        {addButton}
      </Group>

      <ErrorAlert error={plans.error} />

      {plans.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Center>
      ) : plans.data?.meta.total === 0 ? (
        <EmptyState
          icon={<IconReceipt size={32} />}
          title={t('admin.plans.empty_title')}
          body={t('admin.plans.empty_body')}
          action={addButton}
        />
      ) : plans.data ? (
        <AdminTable
          minWidth={720}
          busy={plans.isPlaceholderData}
          columns={[
            t('admin.plans.columns.name'),
            t('admin.plans.columns.monthly'),
            t('admin.plans.columns.yearly'),
            t('admin.plans.columns.trial'),
            t('admin.plans.columns.subscribers'),
            null,
          ]}
        >
          {rows.map((plan) => (
            <PlanRow key={plan.id} plan={plan} />
          ))}
        </AdminTable>
      ) : null}

      <ServerPagination meta={plans.data?.meta} onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})} />
    </Stack>
  );
}

function PlanRow({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const numbers = numberFormat(locale);
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <div>
            <Text size="sm" fw={600}>
              {plan.name}
            </Text>
            <Text size="xs" c="dimmed">
              {plan.slug}
            </Text>
          </div>
          {plan.hidden && (
            <Badge color="gray" variant="light">
              {t('admin.plans.hidden_badge')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{formatPrice(plan.monthly_price, locale)}</Table.Td>
      <Table.Td>{formatPrice(plan.yearly_price, locale)}</Table.Td>
      <Table.Td>{numbers.format(plan.trial_period_days)}</Table.Td>
      <Table.Td>{numbers.format(plan.subscribers_count)}</Table.Td>
      <Table.Td>
        <Button
          component={Link}
          to={`/admin/plans/${plan.id}/edit`}
          variant="light"
          size="sm"
          mih={44}
          leftSection={<IconEdit size={16} />}
          aria-label={t('admin.plans.edit_label', { name: plan.name })}
        >
          {t('admin.common.edit')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
