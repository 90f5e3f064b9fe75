import { Button, Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { alert } from '../../lib/alerts';
import { useSocialProviders, useStartSocial } from './socialApi';
import { PROVIDER_LABELS, ProviderIcon } from './providers';

/** "Continue with …" for each provider this server offers; nothing at all when it offers none. */
export function SocialButtons({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const providers = useSocialProviders();
  const start = useStartSocial();
  if (!providers.data?.length) return null;
  return (
    <Stack gap="sm" w="100%">
      <Divider label={t('social.or')} labelPosition="center" />
      <Stack gap="xs" role="group" aria-label={t('social.group_label')}>
        {providers.data.map((provider) => (
          <Button
            key={provider}
            variant="default"
            size={size}
            mih={44}
            fullWidth
            leftSection={<ProviderIcon provider={provider} />}
            // Stays busy while the browser leaves for the provider.
            loading={start.variables === provider && !start.isError}
            disabled={start.isPending && start.variables !== provider}
            onClick={() => start.mutate(provider, { onError: (error) => alert('danger', errorMessage(error)) })}
          >
            {t('social.continue_with', { provider: PROVIDER_LABELS[provider] })}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
