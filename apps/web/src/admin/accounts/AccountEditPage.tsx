import type { Account } from '@inkwell/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { fieldErrors } from '../../api/client';
import { ApprovalBadge } from '../../components/ApprovalBadge';
import { DescriptionField } from '../../components/DescriptionField';
import { ImageUploader } from '../../components/media/ImageUploader';
import { UserAvatar } from '../../components/UserAvatar';
import { UsernameField } from '../../components/UsernameField';
import { useServerForm } from '../../lib/useServerForm';
import { ErrorAlert } from '../components/ErrorAlert';
import { ServerPagination } from '../components/ServerPagination';
import { BackToList } from '../components/ListControls';
import { ApprovalSelect, PublishedBadge, PublishedSelect } from '../components/StatusParts';
import { usePermission } from '../usePermission';
import {
  checkAccountUsername,
  useAccountForEdit,
  useAccountOrganization,
  useAccountPeople,
  useAdminUpdateAccount,
} from './api';
import { NotFound, isNotFound } from '../../components/NotFound';

/**
 * Edit a creator account (its fields, approval, publication, pictures); shows its parent organization, linked
 * to that organization's edit screen, and its people with their role, each linked to their user screen (spec §2).
 */
export function AccountEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const account = useAccountForEdit(id);

  return (
    <>
      <BackToList to="/admin/accounts" label={t('admin.accounts.back')} />
      {isNotFound(account.error) || !Number.isInteger(id) || id < 1 ? (
        <NotFound body={t('admin.accounts.not_found')} home="/admin/accounts" headingOrder={2} />
      ) : account.isError ? (
        <ErrorAlert error={account.error} />
      ) : account.data ? (
        <Stack gap="lg" maw={720}>
          <AccountForm key={account.data.data.id} account={account.data.data} />
          <ParentOrganization accountId={id} />
          <AccountPeople accountId={id} />
        </Stack>
      ) : (
        <Group justify="center" py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Group>
      )}
    </>
  );
}

function AccountForm({ account }: { account: Account }) {
  const { t } = useTranslation();
  const mayEdit = usePermission('accounts.edit');
  const update = useAdminUpdateAccount(account.id);
  const [profileBusy, setProfileBusy] = useState(false);
  const [bannerBusy, setBannerBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useServerForm({
    name: account.name,
    username: account.username,
    description: account.description,
    url: account.url ?? '',
    contact: account.contact ?? '',
    approved_status: account.approved_status,
    published_status: account.published_status,
    profile_url: account.profile_url,
    banner_url: account.banner_url,
  });

  const submit = form.onSubmit((values) => {
    setSaved(null);
    update.mutate(
      { ...values, url: values.url.trim() || null, contact: values.contact.trim() || null },
      {
        onSuccess: (answer) => {
          form.resetDirty();
          setSaved(answer.message);
        },
        onError: (error) => form.setErrors(fieldErrors(error)),
      },
    );
  });

  return (
    <Card withBorder radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="xs" wrap="wrap">
          <Title order={2} fz="h4">
            {account.name}
          </Title>
          <ApprovalBadge status={account.approved_status} />
          <PublishedBadge status={account.published_status} />
        </Group>
        {!mayEdit ? (
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            {t('admin.accounts.read_only')}
          </Alert>
        ) : null}
        <fieldset disabled={!mayEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <TextInput label={t('admin.accounts.fields.name')} required size="md" {...form.getInputProps('name')} />
            <UsernameField
              kind="account"
              check={checkAccountUsername}
              label={t('admin.accounts.fields.username')}
              required
              size="md"
              value={form.values.username}
              error={form.errors.username}
              onChange={(value) => form.setFieldValue('username', value)}
              onError={(message) =>
                // Its own current name is not "taken".
                form.setFieldError(
                  'username',
                  form.values.username.trim().toLowerCase() === account.username ? null : message,
                )
              }
            />
            <DescriptionField
              label={t('admin.accounts.fields.description')}
              required
              size="md"
              {...form.getInputProps('description')}
              value={form.values.description}
            />
            <TextInput
              label={t('admin.accounts.fields.url')}
              placeholder="https://"
              type="url"
              size="md"
              {...form.getInputProps('url')}
            />
            <TextInput label={t('admin.accounts.fields.contact')} size="md" {...form.getInputProps('contact')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <ApprovalSelect
                value={form.values.approved_status}
                onChange={(value) => form.setFieldValue('approved_status', value)}
                error={form.errors.approved_status}
                disabled={!mayEdit}
              />
              <PublishedSelect
                value={form.values.published_status}
                onChange={(value) => form.setFieldValue('published_status', value)}
                error={form.errors.published_status}
                disabled={!mayEdit}
              />
            </SimpleGrid>
            {/* Own lines, not the inputs' small descriptions: stacked Burmese glyphs need the room. */}
            <Text size="sm" c="dimmed" lh={1.8}>
              {t('admin.accounts.approval_effect')} {t('admin.accounts.publication_effect')}
            </Text>
            <ImageUploader
              kind="profiles"
              label={t('admin.accounts.fields.profile_image')}
              value={form.values.profile_url}
              onChange={(url) => form.setFieldValue('profile_url', url)}
              onBusyChange={setProfileBusy}
            />
            <ImageUploader
              kind="covers"
              label={t('admin.accounts.fields.banner_image')}
              value={form.values.banner_url}
              onChange={(url) => form.setFieldValue('banner_url', url)}
              onBusyChange={setBannerBusy}
            />
          </Stack>
        </fieldset>
        {saved ? (
          <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
            {saved}
          </Alert>
        ) : null}
        <ErrorAlert error={update.error} />
        {mayEdit ? (
          <Group justify="flex-end">
            <Button type="submit" size="md" h={44} loading={update.isPending} disabled={profileBusy || bannerBusy}>
              {t('admin.accounts.update')}
            </Button>
          </Group>
        ) : null}
      </Stack>
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
    <Card withBorder radius="md" component="section" aria-labelledby="account-organization-title">
      <Title order={2} fz="h4" mb="sm" id="account-organization-title">
        {t('admin.accounts.organization_title')}
      </Title>
      <ErrorAlert error={organization.error} />
      {organization.isPending ? (
        <Loader size="sm" aria-label={t('admin.common.loading')} />
      ) : org ? (
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
    </Card>
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
    <Card withBorder radius="md" component="section" aria-labelledby="account-people-title">
      <Title order={2} fz="h4" mb="sm" id="account-people-title">
        {t('admin.accounts.people_title')}
      </Title>
      <ErrorAlert error={people.error} />
      {people.isPending ? (
        <Loader size="sm" aria-label={t('admin.common.loading')} />
      ) : rows && rows.length === 0 ? (
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
    </Card>
  );
}
