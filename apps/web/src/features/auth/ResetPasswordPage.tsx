import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from './api';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { showServerErrors, useServerForm } from '../../lib/useServerForm';

/** Opened from the reset e-mail (token and e-mail in the link). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const form = useServerForm({
    email: params.get('email') ?? '',
    password: '',
    password_confirmation: '',
  });
  const token = params.get('token') ?? '';

  if (reset.isSuccess) {
    return (
      <Stack gap="md" role="status">
        <Title order={1} fz="h2">
          {t('reset.done_title')}
        </Title>
        <Text>{reset.data.message}</Text>
        <Button component={Link} to="/login">
          {t('actions.login')}
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        reset.mutate(
          { ...values, token },
          // Each error under the field that is wrong (a mismatch under the confirmation); token errors under the
          // e-mail, the field the link filled.
          {
            onError: (error) => showServerErrors(form, error, (field) => (field === 'token' ? ['email'] : [field])),
          },
        ),
      )}
    >
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            {t('reset.title')}
          </Title>
          <Text c="dimmed">{t('reset.intro')}</Text>
        </div>
        {!token && (
          <Alert color="yellow" role="alert">
            {t('reset.missing_token')}
          </Alert>
        )}
        <TextInput label={t('fields.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
        <NewPasswordFields form={form} label={t('fields.new_password')} />
        <Button type="submit" loading={reset.isPending} disabled={!token}>
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
