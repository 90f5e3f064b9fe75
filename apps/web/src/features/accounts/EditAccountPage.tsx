import { DEFAULT_TIME_ZONE, timeZoneNames, type Account } from '@inkwell/contracts';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BackBar } from '../../components/BackBar';
import { FormImageUploader } from '../../components/media/ImageUploader';
import { alert } from '../../lib/alerts';
import { showServerErrors, useServerForm } from '../../lib/useServerForm';
import { CreatorFields } from '../../components/CreatorFields';
import { checkAccountUsername, useAccount, useUpdateAccount } from './api';
import { PageLoader } from '../../components/PageLoader';

export function EditAccountPage() {
  const navigate = useNavigate();
  const username = useParams().username ?? '';
  const account = useAccount(username);

  // The spec sends the person to their profile when the account cannot be loaded.
  useEffect(() => {
    if (account.isError || (account.data && !account.data.data.can_modify))
      void navigate('/profile', { replace: true });
  }, [account.isError, account.data, navigate]);

  if (!account.data?.data.can_modify) {
    return <PageLoader />;
  }
  return <EditAccountForm account={account.data.data} />;
}

function EditAccountForm({ account }: { account: Account }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateAccount(account.id);
  const form = useServerForm({
    name: account.name,
    username: account.username,
    description: account.description,
    url: account.url ?? '',
    contact: account.contact ?? '',
    profile_url: account.profile_url,
    banner_url: account.banner_url,
    time_zone: account.time_zone ?? DEFAULT_TIME_ZONE,
  });
  // Every zone the browser knows (and the stored one, should it not be among them), searchable by name.
  const zones = useMemo(
    () => [...new Set([...timeZoneNames(), form.values.time_zone])].sort(),
    [form.values.time_zone],
  );
  const [profileBusy, setProfileBusy] = useState(false);
  const [bannerBusy, setBannerBusy] = useState(false);

  const submit = form.onSubmit((values) =>
    update.mutate(
      { ...values, url: values.url || null, contact: values.contact || null },
      {
        onSuccess: (res) => {
          alert('success', res.message);
          void navigate('/profile/accounts');
        },
        onError: (error) => showServerErrors(form, error),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <BackBar title={t('titles.edit_account')} to="/profile/accounts" />
      <Stack gap="md">
        <CreatorFields form={form} kind="account" check={checkAccountUsername} current={account.username} />
        <TextInput label={t('creators.url')} placeholder="https://" type="url" {...form.getInputProps('url')} />
        <TextInput label={t('creators.contact')} {...form.getInputProps('contact')} />
        <Select
          label={t('insights.time_zone')}
          description={t('insights.time_zone_description')}
          data={zones}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('insights.time_zone_none')}
          maxDropdownHeight={280}
          {...form.getInputProps('time_zone')}
        />
        <FormImageUploader
          form={form}
          field="profile_url"
          label={t('creators.profile_image')}
          onBusyChange={setProfileBusy}
        />
        <FormImageUploader
          form={form}
          field="banner_url"
          label={t('creators.banner_image')}
          onBusyChange={setBannerBusy}
        />
        <Group grow>
          <Button variant="default" onClick={() => void navigate('/profile/accounts')}>
            {t('actions.back')}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={profileBusy || bannerBusy}>
            {t('actions.update')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
