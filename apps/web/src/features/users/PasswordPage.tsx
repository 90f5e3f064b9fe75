import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackBar } from '../../components/BackBar';
import { alert } from '../../lib/alerts';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { showServerErrors, useServerForm } from '../../lib/useServerForm';
import { useChangePassword } from './api';

export function PasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangePassword();
  const form = useServerForm({ current_password: '', password: '', password_confirmation: '' });

  const submit = form.onSubmit((values) =>
    change.mutate(values, {
      onSuccess: (res) => {
        alert('success', res.message);
        form.reset();
        void navigate('/profile');
      },
      // Each error under the field that is wrong: a mismatch comes back under the confirmation.
      onError: (error) => showServerErrors(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <BackBar title={t('titles.change_password')} to="/profile" />
      <Stack gap="md">
        <Text c="dimmed">{t('password.intro')}</Text>
        <PasswordInput
          label={t('fields.current_password')}
          autoComplete="current-password"
          {...form.getInputProps('current_password')}
        />
        <NewPasswordFields form={form} label={t('fields.new_password')} />
        <Button type="submit" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
