import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBan, IconUserOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { alert } from '../../lib/alerts';
import { setBlocked } from './api';
import { unmute } from './mute';
import { blockTargetOf, isBlocked, type SafetySubject } from './subject';

/** On a person's or an account's page: that I blocked them (with Unblock) or muted it (with Unmute). */
export function SafetyState({ subject }: { subject: SafetySubject }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const target = blockTargetOf(subject);

  const unblock = () => {
    setBusy(true);
    setBlocked(client, target, false)
      .then(
        () => alert('success', t('safety.unblocked_toast', { name: target.name })),
        (error: unknown) => alert('danger', errorMessage(error)),
      )
      .finally(() => setBusy(false));
  };

  return (
    <Stack gap="xs" mt="sm" w="100%" ta="start">
      {isBlocked(subject) && (
        <Alert
          color="gray"
          icon={<IconBan size={20} />}
          title={t(subject.kind === 'user' ? 'safety.you_blocked_person' : 'safety.you_blocked_account')}
        >
          <Text size="sm">{t('safety.blocked_hint')}</Text>
          <Button variant="default" mt="sm" onClick={unblock} loading={busy}>
            {t('safety.unblock')}
          </Button>
        </Alert>
      )}
      {subject.kind === 'account' && subject.account.is_muted && (
        <Group gap="xs" wrap="wrap">
          {/* Words, not a badge: a badge's fixed height cuts Burmese letters stacked above and below the line. */}
          <Group gap={4} wrap="nowrap">
            <IconUserOff size={16} aria-hidden />
            <Text size="sm" fw={600}>
              {t('safety.muted')}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('safety.muted_hint')}
          </Text>
          <Button variant="subtle" size="compact-md" onClick={() => void unmute(client, subject.account)}>
            {t('safety.unmute')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
