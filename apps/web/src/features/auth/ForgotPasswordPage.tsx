import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBack } from '../../components/BackBar';
import { useForgotPassword } from './api';
import { showServerErrors, useServerForm } from '../../lib/useServerForm';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const back = useBack('/login');
  const forgot = useForgotPassword();
  const form = useServerForm({ email: '' });

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          {t('forgot.title')}
        </Title>
        <Text c="dimmed">{t('forgot.intro')}</Text>
      </div>
      {forgot.isSuccess ? (
        <>
          <Alert color="green" role="status">
            {forgot.data.message}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('forgot.back_to_login')}
          </Anchor>
        </>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit(({ email }) =>
            forgot.mutate(email, { onError: (error) => showServerErrors(form, error) }),
          )}
        >
          <Stack gap="md">
            <TextInput label={t('fields.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
            <Group grow>
              <Button variant="default" onClick={back}>
                {t('actions.back')}
              </Button>
              <Button type="submit" loading={forgot.isPending}>
                {t('forgot.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
