import { Alert, Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useResendActivation, useVerifyEmail } from './api';
import { showServerErrors, useServerForm } from '../../lib/useServerForm';

/** Opened from the activation e-mail: activates once, or offers a new link. */
export function ActivatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const resend = useResendActivation();
  const form = useServerForm({ email: '' });
  const started = useRef(false);

  useEffect(() => {
    // Once only: the token is single-use, and StrictMode runs effects twice in development.
    if (token && !started.current) {
      started.current = true;
      verify.mutate(token);
    }
  }, [token, verify]);

  if (token && (verify.isIdle || verify.isPending)) {
    return (
      <Stack align="center" gap="md" py="lg" role="status">
        <Loader />
        <Text>{t('activate.working')}</Text>
      </Stack>
    );
  }

  if (verify.isSuccess) {
    return (
      <Stack align="center" gap="md" ta="center" role="status">
        <IconCircleCheck size={64} color="var(--mantine-color-green-6)" aria-hidden />
        <Title order={1} fz="h2">
          {t('activate.success_title')}
        </Title>
        <Text>{verify.data.message}</Text>
        {/* Onward to choosing what to read (a guest signs in first and lands there). */}
        <Button component={Link} to="/onboarding" size="md">
          {t('actions.continue')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {t('activate.title')}
      </Title>
      {verify.isError && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {errorMessage(verify.error)}
        </Alert>
      )}
      {resend.isSuccess ? (
        <Alert color="green" role="status">
          {resend.data.message}
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit(({ email }) =>
            resend.mutate(email, { onError: (error) => showServerErrors(form, error) }),
          )}
        >
          <Stack gap="md">
            <Text c="dimmed">{t('activate.resend_intro')}</Text>
            <TextInput label={t('fields.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
            <Button type="submit" loading={resend.isPending}>
              {t('activate.resend_button')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
