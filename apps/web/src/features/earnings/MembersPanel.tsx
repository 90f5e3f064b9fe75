import { MEMBERSHIP_STATUSES, type Member, type MembershipStatus } from '@inkwell/contracts';
import { Alert, Badge, Button, Center, Group, Loader, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { formatDate } from '../../lib/billingFormat';
import { numberFormat } from '../../lib/numbers';
import { useTiers } from '../memberships/api';
import { downloadMembersCsv, useMembers } from './api';

const STATUS_COLORS: Record<MembershipStatus, string> = {
  pending: 'gray',
  active: 'green',
  grace: 'yellow',
  expired: 'gray',
  stopped: 'orange',
};
const isStatus = (value: string | null): value is MembershipStatus =>
  (MEMBERSHIP_STATUSES as readonly string[]).includes(value ?? '');

function MemberRow({ member }: { member: Member }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{member.user.name}</Text>
        <Text size="sm" c="dimmed">
          @{member.user.username}
        </Text>
      </Table.Td>
      <Table.Td>
        {member.tier.name}
        <Text size="sm" c="dimmed">
          {t(`earnings.cycles.${member.billing_cycle}`)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLORS[member.status]}>
          {t(`earnings.member_statuses.${member.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {member.started_at && (
          <Text size="sm">{t('earnings.since', { date: formatDate(member.started_at, locale) })}</Text>
        )}
        {member.expires_at && (
          <Text size="sm" c="dimmed">
            {t('earnings.until', { date: formatDate(member.expires_at, locale) })}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The account's members, filtered by tier and status, a page at a time; the same filters export as CSV. */
export function MembersPanel({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const tiers = useTiers(accountId);
  const [tierId, setTierId] = useState<number | undefined>();
  const [status, setStatus] = useState<MembershipStatus | undefined>();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const members = useMembers(accountId, { tierId, status, page });
  const total = members.data?.meta.total;

  const exportCsv = () => {
    setExporting(true);
    downloadMembersCsv(accountId, { tierId, status }, `members-${accountId}.csv`)
      .catch((error: unknown) => alert('danger', errorMessage(error)))
      .finally(() => setExporting(false));
  };

  return (
    <Stack gap="md">
      <Group align="end" gap="md" wrap="wrap">
        <Select
          label={t('earnings.filter_tier')}
          data={[
            { value: 'all', label: t('earnings.all_tiers') },
            ...(tiers.data?.data ?? []).map((tier) => ({ value: String(tier.id), label: tier.name })),
          ]}
          value={tierId === undefined ? 'all' : String(tierId)}
          allowDeselect={false}
          onChange={(value) => {
            setTierId(value && value !== 'all' ? Number(value) : undefined);
            setPage(1);
          }}
          style={{ flex: '1 1 180px', maxWidth: 280 }}
        />
        <Select
          label={t('earnings.filter_status')}
          data={[
            { value: 'all', label: t('earnings.all_statuses') },
            ...MEMBERSHIP_STATUSES.map((value) => ({ value, label: t(`earnings.member_statuses.${value}`) })),
          ]}
          value={status ?? 'all'}
          allowDeselect={false}
          onChange={(value) => {
            setStatus(isStatus(value) ? value : undefined);
            setPage(1);
          }}
          style={{ flex: '1 1 180px', maxWidth: 280 }}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          loading={exporting}
          onClick={exportCsv}
          mih={36}
        >
          {t('earnings.export_csv')}
        </Button>
      </Group>
      {members.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : members.isError ? (
        <Alert color="red">{errorMessage(members.error)}</Alert>
      ) : total === 0 ? (
        <EmptyState icon={<IconUsers size={32} />} title={t('earnings.none_title')} body={t('earnings.none_body')} />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('earnings.members_found', { count: total, n: numberFormat(locale).format(total ?? 0) })}
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t('earnings.members')} aria-busy={members.isPlaceholderData}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('earnings.members')}</Table.Th>
                  <Table.Th>{t('earnings.tier')}</Table.Th>
                  <Table.Th>{t('earnings.filter_status')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.data.data.map((member) => (
                  <MemberRow key={member.id} member={member} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {members.data.meta.last_page > 1 && (
            <Pagination total={members.data.meta.last_page} value={page} onChange={setPage} />
          )}
        </>
      )}
    </Stack>
  );
}
