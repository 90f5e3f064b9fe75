import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackBar, useBack } from '../../components/BackBar';
import { FormImageUploader } from '../../components/media/ImageUploader';
import { alert } from '../../lib/alerts';
import { useSession } from '../../session/session';
import { showServerErrors, useServerForm } from '../../lib/useServerForm';
import { useUpdateProfile } from './api';

export function EditProfilePage() {
  const { t } = useTranslation();
  const session = useSession()!;
  const navigate = useNavigate();
  const back = useBack('/profile');
  const update = useUpdateProfile(session.id);
  const form = useServerForm({ name: session.name, username: session.username, profile_url: session.profile_url });
  const [uploading, setUploading] = useState(false);

  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: (res) => {
        alert('success', res.message);
        void navigate('/profile');
      },
      onError: (error) => showServerErrors(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <BackBar title={t('titles.edit_profile')} to="/profile" />
      <Stack gap="md">
        <FormImageUploader form={form} field="profile_url" label={t('profile.picture')} onBusyChange={setUploading} />
        <TextInput label={t('fields.name')} autoComplete="name" {...form.getInputProps('name')} />
        <TextInput
          label={t('fields.username')}
          autoCapitalize="none"
          leftSection="@"
          {...form.getInputProps('username')}
        />
        <TextInput
          label={t('fields.email')}
          value={session.email}
          readOnly
          description={t('edit_profile.email_hint')}
        />
        <Group grow>
          <Button variant="default" onClick={back}>
            {t('actions.back')}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={uploading}>
            {t('actions.update')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
