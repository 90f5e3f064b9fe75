import type { AdminOrganization } from '@inkwell/contracts';
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { fieldErrors } from '../../api/client';
import { DescriptionField } from '../../components/DescriptionField';
import { ImageUploader } from '../../components/media/ImageUploader';
import { UsernameField } from '../../components/UsernameField';
import { useServerForm } from '../../lib/useServerForm';
import { ErrorAlert } from '../components/ErrorAlert';
import { usePermission } from '../usePermission';
import { checkOrganizationUsername, useOrganizationForEdit, useUpdateOrganization } from './api';
import { BackToList } from '../components/ListControls';
import { ApprovalSelect, PublishedSelect } from '../components/StatusParts';
import { NotFound, isNotFound } from '../../components/NotFound';

/** Edit an organization: its fields, approval and publication, profile image; shows its creator (spec §2). */
export function OrganizationEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const organization = useOrganizationForEdit(id);

  return (
    <>
      <BackToList to="/admin/organizations" label={t('admin.organizations.back')} />
      {isNotFound(organization.error) || !Number.isInteger(id) || id < 1 ? (
        <NotFound body={t('admin.organizations.not_found')} home="/admin/organizations" headingOrder={2} />
      ) : organization.isError ? (
        <ErrorAlert error={organization.error} />
      ) : organization.data ? (
        <OrganizationForm key={organization.data.data.id} organization={organization.data.data} />
      ) : (
        <Group justify="center" py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Group>
      )}
    </>
  );
}

function OrganizationForm({ organization }: { organization: AdminOrganization }) {
  const { t } = useTranslation();
  const mayEdit = usePermission('organizations.edit');
  const mayOpenUsers = usePermission('users.view');
  const update = useUpdateOrganization(organization.id);
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useServerForm({
    name: organization.name,
    username: organization.username,
    description: organization.description,
    url: organization.url ?? '',
    approved_status: organization.approved_status,
    published_status: organization.published_status,
    profile_url: organization.profile_url,
  });

  const submit = form.onSubmit((values) => {
    setSaved(null);
    update.mutate(
      { ...values, url: values.url.trim() || null },
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
    <Card withBorder radius="md" component="form" onSubmit={submit} noValidate maw={720}>
      <Stack gap="md">
        <Group gap="xs" wrap="wrap">
          <Text c="dimmed">{t('admin.organizations.created_by')}</Text>
          {mayOpenUsers ? (
            <Anchor component={Link} to={`/admin/users/${organization.user.id}/edit`} fw={600}>
              {organization.creator_name}
            </Anchor>
          ) : (
            <Text fw={600}>{organization.creator_name}</Text>
          )}
          <Text c="dimmed">@{organization.user.username}</Text>
        </Group>
        {!mayEdit ? (
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            {t('admin.organizations.read_only')}
          </Alert>
        ) : null}
        <fieldset disabled={!mayEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <TextInput
              label={t('admin.organizations.fields.name')}
              required
              size="md"
              {...form.getInputProps('name')}
            />
            <UsernameField
              kind="organization"
              check={checkOrganizationUsername}
              label={t('admin.organizations.fields.username')}
              required
              size="md"
              value={form.values.username}
              error={form.errors.username}
              onChange={(value) => form.setFieldValue('username', value)}
              onError={(message) =>
                // Its own current name is not "taken".
                form.setFieldError(
                  'username',
                  form.values.username.trim().toLowerCase() === organization.username ? null : message,
                )
              }
            />
            <DescriptionField
              label={t('admin.organizations.fields.description')}
              required
              size="md"
              {...form.getInputProps('description')}
              value={form.values.description}
            />
            <TextInput
              label={t('admin.organizations.fields.url')}
              placeholder="https://"
              type="url"
              size="md"
              {...form.getInputProps('url')}
            />
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
            <ImageUploader
              kind="profiles"
              label={t('admin.organizations.fields.profile_image')}
              value={form.values.profile_url}
              onChange={(url) => form.setFieldValue('profile_url', url)}
              onBusyChange={setUploading}
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
            <Button type="submit" size="md" h={44} loading={update.isPending} disabled={uploading}>
              {t('admin.organizations.update')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
