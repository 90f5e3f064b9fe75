import type { Account } from '@inkwell/contracts';
import { Anchor, Card, Group, Loader, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { ApprovalBadge } from '../../components/ApprovalBadge';
import { UserAvatar } from '../../components/UserAvatar';
import { alert } from '../../lib/alerts';
import { ApprovalEditForm, ApprovalEditScreen } from '../components/ApprovalEditForm';
import { ErrorAlert } from '../components/ErrorAlert';
import { ServerPagination } from '../components/ServerPagination';
import { PublishedBadge } from '../components/StatusParts';
import { usePermission } from '../usePermission';
import {
  checkAccountUsername,
  useAccountForEdit,
  useAccountOrganization,
  useAccountPeople,
  useAdminUpdateAccount,
  useFeatureAccount,
} from './api';

/**
 * Edit a creator account (its fields, approval, publication, pictures); shows its parent organization, linked
 * to that organization's edit screen, and its people with their role, each linked to their user screen (spec §2).
 */
export function AccountEditPage() {
  const id = Number(useParams().id);
  const account = useAccountForEdit(id);

  return (
    <ApprovalEditScreen area="accounts" id={id} record={account}>
      {(loaded) => (
        <Stack gap="lg" maw={720}>
          <ApprovalEditForm
            key={loaded.id}
            area="accounts"
            kind="account"
            check={checkAccountUsername}
            record={loaded}
            useUpdate={useAdminUpdateAccount}
            header={
              <Group gap="xs" wrap="wrap">
                <Title order={2} fz="h4">
                  {loaded.name}
                </Title>
                <ApprovalBadge status={loaded.approved_status} />
                <PublishedBadge status={loaded.published_status} />
              </Group>
            }
          />
          <FeaturedSwitch account={loaded} />
          <ParentOrganization accountId={id} />
          <AccountPeople accountId={id} />
        </Stack>
      )}
    </ApprovalEditScreen>
  );
}

/**
 * Featured in Explore and among suggestions: only for a role that holds discovery.manage (the server refuses
 * anyone else). The edit answer may not carry `featured` yet; the switch then starts off.
 */
function FeaturedSwitch({ account }: { account: Account & { featured?: boolean } }) {
  const { t } = useTranslation();
  const allowed = usePermission('discovery.manage');
  const feature = useFeatureAccount(account.id);
  // Shown as asked while the request runs, so the switch answers the tap at once.
  const featured = feature.isPending ? feature.variables : (account.featured ?? false);
  if (!allowed) return null;
  return (
    <Card withBorder radius="md">
      <Switch
        size="md"
        checked={featured}
        disabled={feature.isPending}
        label={t('admin.accounts.featured')}
        description={t('admin.accounts.featured_hint')}
        onChange={(event) =>
          feature.mutate(event.currentTarget.checked, {
            onSuccess: () => alert('success', t('admin.common.saved')),
            onError: (error) => alert('danger', errorMessage(error)),
          })
        }
      />
    </Card>
  );
}

/** The organization the account belongs to, linked to its admin edit screen when the session may open it. */
function ParentOrganization({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const mayOpen = usePermission('organizations.view');
  const organization = useAccountOrganization(accountId);
  const org = organization.data?.data;
  return (
    <LoadedSection
      titleId="account-organization-title"
      title={t('admin.accounts.organization_title')}
      error={organization.error}
      pending={organization.isPending}
    >
      {org ? (
        <Group gap="sm" wrap="wrap">
          {mayOpen ? (
            <Anchor
              component={Link}
              to={`/admin/organizations/${org.id}/edit`}
              fw={600}
              style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
            >
              {org.name}
            </Anchor>
          ) : (
            <Text fw={600}>{org.name}</Text>
          )}
          <Text c="dimmed">/o/{org.username}</Text>
          <ApprovalBadge status={org.approved_status} />
          <PublishedBadge status={org.published_status} />
        </Group>
      ) : null}
    </LoadedSection>
  );
}

/** The account's people and their role, each linked to their user edit screen. */
function AccountPeople({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const mayOpenUsers = usePermission('users.view');
  const [page, setPage] = useState(1);
  const people = useAccountPeople(accountId, page);
  const rows = people.data?.data;
  return (
    <LoadedSection
      titleId="account-people-title"
      title={t('admin.accounts.people_title')}
      error={people.error}
      pending={people.isPending}
    >
      {rows && rows.length === 0 ? (
        <Text c="dimmed">{t('admin.accounts.people_empty')}</Text>
      ) : rows ? (
        <>
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" aria-labelledby="account-people-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.common.name')}</Table.Th>
                  <Table.Th>{t('admin.common.username')}</Table.Th>
                  <Table.Th>{t('admin.accounts.role')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((person) => (
                  <Table.Tr key={person.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <UserAvatar name={person.name} url={person.profile_url} size={32} />
                        {mayOpenUsers ? (
                          <Anchor
                            component={Link}
                            to={`/admin/users/${person.pivot.user_id}/edit`}
                            style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
                          >
                            {person.name}
                          </Anchor>
                        ) : (
                          <Text>{person.name}</Text>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text c="dimmed">@{person.username}</Text>
                    </Table.Td>
                    <Table.Td>
                      {/* Plain text, not a badge: a badge cuts a long Burmese or Thai word short in a narrow cell. */}
                      <Text fw={person.pivot.role === 'owner' ? 600 : 400}>
                        {t(`admin.accounts.roles.${person.pivot.role}`)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ServerPagination meta={people.data?.meta} onPage={setPage} />
        </>
      ) : null}
    </LoadedSection>
  );
}

/** A titled card of the edit screen: its query's error, a loader until the data comes, then the data. */
function LoadedSection({
  titleId,
  title,
  error,
  pending,
  children,
}: {
  titleId: string;
  title: string;
  error: unknown;
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h4" mb="sm" id={titleId}>
        {title}
      </Title>
      <ErrorAlert error={error} />
      {pending ? <Loader size="sm" aria-label={t('admin.common.loading')} /> : children}
    </Card>
  );
}
