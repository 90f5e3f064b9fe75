import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useBack } from '../../components/BackBar';
import { isLocalPath, rememberReturn, takeReturn } from '../../session/returnTo';
import { useSession } from '../../session/session';
import { ApiError, errorMessage } from '../../api/client';
import { useLogin, useLogout, useResendActivation } from './api';
import { SocialButtons } from './SocialButtons';
import { showServerErrors, useServerForm } from '../../lib/useServerForm';
import a11y from '../../components/a11y.module.css';

export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const back = useBack('/');
  const login = useLogin();
  const form = useServerForm({ email: '', password: '' });
  const resend = useResendActivation();
  // The address refused for not being activated yet: the reason stays on the form, with a new link one tap away.
  const [notActivated, setNotActivated] = useState<string | null>(null);

  if (session) return <SignedIn name={session.name} />;

  const askedFrom = (location.state as { from?: unknown } | null)?.from;
  const asked = isLocalPath(askedFrom) ? askedFrom : null;

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: (answer) => {
        // Back where sign-in was asked for: this visit's page, else one remembered before registering.
        const remembered = takeReturn();
        const from = asked ?? remembered;
        // Administrators land on the dashboard, as after a provider login (spec §2, /auth/{provider}).
        const start = answer.user.permissions.length > 0 ? '/admin' : '/home';
        void navigate(from && from !== '/login' ? from : start, { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'auth.not_activated') {
          resend.reset();
          setNotActivated(values.email);
          return;
        }
        setNotActivated(null);
        showServerErrors(form, error);
      },
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
          {asked && (
            <Text size="sm" mt="xs" data-testid="login-continue-hint">
              {t('login.continue_hint')}
            </Text>
          )}
        </div>
        {notActivated && (
          <Alert color="yellow" title={t('login.not_activated_title')} role="alert">
            <Stack gap="sm">
              <Text size="sm">{t('login.not_activated_body', { email: notActivated })}</Text>
              {resend.isSuccess ? (
                <Text size="sm" fw={600} role="status">
                  {resend.data.message}
                </Text>
              ) : (
                <Button
                  variant="light"
                  leftSection={<IconMailForward size={18} aria-hidden />}
                  loading={resend.isPending}
                  onClick={() => resend.mutate(notActivated)}
                >
                  {t('login.resend_activation')}
                </Button>
              )}
              {resend.isError && (
                <Text size="sm" c="red" role="alert">
                  {errorMessage(resend.error)}
                </Text>
              )}
            </Stack>
          </Alert>
        )}
        <TextInput label={t('fields.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <Anchor component={Link} to="/forgot-password" size="sm" className={a11y.link}>
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
        <SocialButtons />
        <Text size="sm" ta="center">
          {t('login.no_account')}{' '}
          {/* Registering and activating lose this page's state: the place is kept for the first sign-in. */}
          <Anchor component={Link} to="/register" onClick={() => asked && rememberReturn(asked)}>
            {t('actions.register')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

/** Already signed in: say as whom, with the way home and the way out. */
function SignedIn({ name }: { name: string }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {t('login.signed_in_title')}
      </Title>
      <Text c="dimmed">{t('login.signed_in_as', { name })}</Text>
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
