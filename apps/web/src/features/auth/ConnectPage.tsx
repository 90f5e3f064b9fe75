import { Avatar, Badge, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { SocialLogin, SocialProvider } from '@inkwell/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { confirmDelete } from '../../components/ConfirmDialog';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { longDate } from '../../lib/dates';
import { PROVIDER_LABELS, ProviderIcon } from './providers';
import { useDisconnectSocial, useSocialLogins, useSocialProviders, useStartSocial } from './socialApi';

/** The spec's order on this screen. */
const ORDER: SocialProvider[] = ['facebook', 'google', 'x', 'github'];

/** Connect socials: each provider with its description; a connected one shows who it signs in. */
export function ConnectPage() {
  const { t } = useTranslation();
  const logins = useSocialLogins();
  const providers = useSocialProviders();

  return (
    <>
      <BackBar title={t('titles.connect')} to="/profile" />
      <Text c="dimmed" mb="md">
        {t('social.connect_intro')}
      </Text>
      {logins.isPending && <Loader aria-label={t('app.loading')} />}
      {logins.isError && (
        <Text c="red" role="alert">
          {errorMessage(logins.error)}
        </Text>
      )}
      {logins.data && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('titles.connect')}>
          {ORDER.map((provider) => (
            <ProviderCard
              key={provider}
              provider={provider}
              login={logins.data.find((l) => l.provider === provider)}
              available={Boolean(providers.data?.includes(provider))}
            />
          ))}
        </Stack>
      )}
    </>
  );
}

function ProviderCard({
  provider,
  login,
  available,
}: {
  provider: SocialProvider;
  login: SocialLogin | undefined;
  available: boolean;
}) {
  const { t } = useTranslation();
  const start = useStartSocial();
  const disconnect = useDisconnectSocial();
  const name = PROVIDER_LABELS[provider];
  const headingId = `connect-${provider}`;

  const askDisconnect = () =>
    confirmDelete({
      title: t('social.disconnect_title', { provider: name }),
      text: t('social.disconnect_body', { provider: name }),
      confirmLabel: t('social.disconnect'),
      onConfirm: () =>
        disconnect.mutate(provider, {
          onSuccess: () => alert('success', t('social.disconnected_toast', { provider: name })),
          onError: (error) => alert('danger', errorMessage(error)),
        }),
    });

  return (
    <Card component="li" withBorder radius="md" padding="md" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
          <ThemeIcon variant="light" size={44} radius="md" color="gray">
            <ProviderIcon provider={provider} size={26} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={2} fz="md" id={headingId}>
                {name}
              </Title>
              {login && (
                <Badge color="green" variant="light">
                  {t('social.connected')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t(`social.descriptions.${provider}`)}
            </Text>
          </div>
        </Group>
        {login ? (
          <Button
            variant="light"
            color="red"
            mih={44}
            loading={disconnect.isPending}
            onClick={askDisconnect}
            aria-label={t('social.disconnect_provider', { provider: name })}
          >
            {t('social.disconnect')}
          </Button>
        ) : (
          <Button
            mih={44}
            disabled={!available}
            loading={start.isPending || start.isSuccess}
            onClick={() => start.mutate(provider, { onError: (error) => alert('danger', errorMessage(error)) })}
            aria-label={t('social.connect_provider', { provider: name })}
          >
            {t('social.connect')}
          </Button>
        )}
      </Group>
      {login && <LoginDetails login={login} provider={name} />}
      {!login && !available && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('social.unavailable')}
        </Text>
      )}
    </Card>
  );
}

/** The card of a connected login: avatar, provider, provider id, name, e-mail and connect date. */
function LoginDetails({ login, provider }: { login: SocialLogin; provider: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const rows: [string, string][] = [
    [t('social.provider'), provider],
    [t('social.provider_id'), login.provider_id],
    [t('social.name'), login.name ?? '—'],
    [t('social.email'), login.email ?? '—'],
    [t('social.connected_on'), longDate(login.created_at, locale)],
  ];
  return (
    <Group mt="md" gap="md" wrap="nowrap" align="flex-start" data-testid={`login-${login.provider}`}>
      <Avatar src={login.avatar_url} alt={login.name ?? provider} size={56} radius="xl" color="indigo" />
      <Stack gap={2} component="dl" m={0} style={{ minWidth: 0 }}>
        {rows.map(([label, value]) => (
          // On a phone a long e-mail or date wraps under its label rather than being cut off.
          <Group key={label} gap={6} wrap="wrap" align="baseline">
            <Text component="dt" size="sm" c="dimmed">
              {label}:
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
