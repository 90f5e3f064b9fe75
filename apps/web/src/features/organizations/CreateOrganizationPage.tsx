import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackBar, useBack } from '../../components/BackBar';
import { FormImageUploader } from '../../components/media/ImageUploader';
import { alert } from '../../lib/alerts';
import { showServerErrors, useServerForm } from '../../lib/useServerForm';
import { CreatorFields } from '../../components/CreatorFields';
import { CreatorPathSteps } from '../accounts';
import { checkOrganizationUsername, useCreateOrganization } from './api';

export function CreateOrganizationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = useBack('/create');
  const create = useCreateOrganization();
  const form = useServerForm({ name: '', username: '', description: '', url: '', profile_url: null as string | null });
  const [uploading, setUploading] = useState(false);
  const v = form.values;
  // The spec enables Create only once name, username and description are filled.
  const ready = Boolean(v.name.trim() && v.username.trim() && v.description.trim());

  const submit = form.onSubmit((values) =>
    create.mutate(
      { ...values, url: values.url || null },
      {
        onSuccess: (res) => {
          alert('success', t('creators.organization_created'));
          // Straight on to the account, the new organization chosen: its only reason to exist yet.
          void navigate(`/create/account?organization=${res.data.id}`);
        },
        onError: (error) => showServerErrors(form, error),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <BackBar title={t('titles.create_organization')} to="/create" />
      <Stack gap="md">
        <CreatorPathSteps current="organization" />
        <CreatorFields form={form} kind="organization" check={checkOrganizationUsername} />
        <TextInput label={t('creators.url')} placeholder="https://" type="url" {...form.getInputProps('url')} />
        <FormImageUploader
          form={form}
          field="profile_url"
          label={t('creators.profile_image')}
          onBusyChange={setUploading}
        />
        <Group grow>
          <Button variant="default" onClick={back}>
            {t('actions.back')}
          </Button>
          <Button type="submit" disabled={!ready || uploading} loading={create.isPending}>
            {t('creators.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
