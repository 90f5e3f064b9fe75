import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowPush } from './useAllowPush';

const DISMISSED_KEY = 'inkwell.push-prompt-dismissed';
const noSubscription = () => () => undefined;

/**
 * True while the server renders and while the app hydrates what it rendered: neither may read this device's
 * choice, so the prompt is drawn then, and index.html's first-paint script hides it (`data-push-prompt="off"`,
 * by the same rule as below) where it will not stay: nothing moves when the app then removes it.
 */
const useDrawnByServer = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

/** The "Allow notification" prompt on /home (spec §2): shown until permission is granted, refused or dismissed. */
export function AllowNotificationsPrompt() {
  const { t } = useTranslation();
  const drawnByServer = useDrawnByServer();
  const { permission, busy, allow } = useAllowPush();
  const [dismissed, setDismissed] = useState(
    () => typeof localStorage !== 'undefined' && localStorage.getItem(DISMISSED_KEY) === '1',
  );
  if (!drawnByServer && (permission !== 'default' || dismissed)) return null;

  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, '1');
    setDismissed(true);
  };

  return (
    <Alert
      className="push-prompt"
      color="indigo"
      icon={<IconBellRinging size={20} />}
      title={t('notifications.prompt_title')}
    >
      <Text size="sm">{t('notifications.prompt_body')}</Text>
      <Group gap="xs" mt="sm" wrap="wrap">
        <Button size="sm" loading={busy} onClick={() => void allow()}>
          {t('notifications.allow')}
        </Button>
        <Button size="sm" variant="subtle" onClick={dismiss}>
          {t('notifications.not_now')}
        </Button>
      </Group>
    </Alert>
  );
}
