import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useBack } from '../../components/BackBar';
import { useSession } from '../../session/session';
import { useLogin, useLogout } from './api';
import { showServerErrors, useServerForm } from './useServerForm';

export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const back = useBack('/');
  const login = useLogin();
  const logout = useLogout();
  const form = useServerForm({ email: '', password: '' });

  if (session) {
    return (
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('login.signed_in_title')}
        </Title>
        <Text c="dimmed">{t('login.signed_in_as', { name: session.name })}</Text>
        <Group grow>
          <Button component={Link} to="/home">
            {t('actions.home')}
          </Button>
          <Button variant="default" loading={logout.isPending} onClick={() => logout.mutate()}>
            {t('actions.logout')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: (answer) => {
        const from = (location.state as { from?: string } | null)?.from;
        // Administrators land on the dashboard, as after a provider login (spec §2, /auth/{provider}).
        const start = answer.user.permissions.length > 0 ? '/admin' : '/home';
        void navigate(from && from !== '/login' ? from : start, { replace: true });
      },
      onError: (error) => showServerErrors(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            {t('login.title')}
          </Title>
          <Text c="dimmed">{t('login.intro')}</Text>
        </div>
        <TextInput label={t('fields.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <Anchor component={Link} to="/forgot-password" size="sm">
          {t('login.forgot_link')}
        </Anchor>
        <Group grow>
          <Button variant="default" onClick={back}>
            {t('actions.back')}
          </Button>
          <Button type="submit" loading={login.isPending}>
            {t('actions.login')}
          </Button>
        </Group>
        <Text size="sm" ta="center">
          {t('login.no_account')}{' '}
          <Anchor component={Link} to="/register">
            {t('actions.register')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
