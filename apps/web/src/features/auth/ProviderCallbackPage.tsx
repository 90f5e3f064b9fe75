import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { alert } from '../../lib/alerts';
import { takeReturn } from '../../session/returnTo';
import { useSession } from '../../session/session';
import { useSocialCallback } from './socialApi';
import { providerLabel } from './providers';

/** Each state is answered once: the server refuses a second try, so a re-render must not send one. */
const answered = new Set<string>();

/**
 * Where the provider sends the browser back (`PUBLIC_URL/auth/{provider}?code&state`): finishes the sign-in
 * (or the connection, when it was started signed in) and moves on.
 */
export function ProviderCallbackPage() {
  const { t } = useTranslation();
  const { provider = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const finish = useSocialCallback();
  const name = providerLabel(provider);

  useEffect(() => {
    const key = `${provider}:${search.get('state') ?? ''}:${search.get('code') ?? search.get('error') ?? ''}`;
    if (answered.has(key)) return;
    answered.add(key);
    const pick = (k: string) => search.get(k) ?? undefined;
    finish.mutate(
      {
        provider,
        code: pick('code'),
        state: pick('state'),
        error: pick('error'),
        error_description: pick('error_description'),
      },
      {
        onSuccess: (answer) => {
          if (answer.connected) {
            alert('success', t('social.connected_toast', { provider: name }));
            void navigate('/profile/connect', { replace: true });
            return;
          }
          // Back where a guest was asked to sign in (a like, a follow), as after a password sign-in; else
          // administrators land on the dashboard (spec §2, /auth/{provider}) and everyone else at home.
          const back = takeReturn();
          const start = answer.user.permissions.length > 0 ? '/admin' : '/home';
          void navigate(back && back !== '/login' ? back : start, { replace: true });
        },
        onError: (error) => console.error('provider callback', provider, error),
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per provider answer; the rest only change identity
  }, [provider, search]);

  if (finish.isError) {
    return (
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('social.failed_title', { provider: name })}
        </Title>
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {errorMessage(finish.error)}
        </Alert>
        <Group grow>
          {session ? (
            <Button component={Link} to="/profile/connect" mih={44}>
              {t('social.back_to_connect')}
            </Button>
          ) : (
            <Button component={Link} to="/login" mih={44}>
              {t('social.back_to_login')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack align="center" gap="md" py="lg" role="status" aria-live="polite">
      <Loader aria-hidden />
      <Text fw={500}>{t('social.logging_in', { provider: name })}</Text>
    </Stack>
  );
}
