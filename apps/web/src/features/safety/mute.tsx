import { ALERT_DURATION_MS } from '@inkwell/contracts';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import i18n from '../../i18n';
import { alert } from '../../lib/alerts';
import { setMuted } from './api';
import { loadSafetyMessages } from './messages';

/** Unmutes again; said in a toast of its own. */
export async function unmute(client: QueryClient, account: { id: number; name: string }): Promise<void> {
  try {
    await setMuted(client, account.id, false);
    alert('success', i18n.t('safety.unmuted_toast', { name: account.name }));
  } catch (error) {
    alert('danger', errorMessage(error));
  }
}

/**
 * Mutes an account without asking (a mute is undone as easily as done): the toast that says so offers Undo.
 * Runs on after the menu that asked has closed: nothing here belongs to a screen.
 */
export async function muteWithUndo(client: QueryClient, account: { id: number; name: string }): Promise<void> {
  await loadSafetyMessages();
  try {
    await setMuted(client, account.id, true);
  } catch (error) {
    alert('danger', errorMessage(error));
    return;
  }
  const id = notifications.show({
    color: 'green',
    autoClose: ALERT_DURATION_MS,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{i18n.t('safety.muted_toast', { name: account.name })}</Text>
        <Button
          variant="subtle"
          size="compact-md"
          style={{ flexShrink: 0 }}
          onClick={() => {
            notifications.hide(id);
            void unmute(client, account);
          }}
        >
          {i18n.t('safety.undo')}
        </Button>
      </Group>
    ),
  });
}
