import { NOTIFICATION_KINDS, type NotificationKind } from '@inkwell/contracts';
import { Alert, Button, Card, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { PageLoader } from '../../components/PageLoader';
import { alert } from '../../lib/alerts';
import { useNotificationSettings, useUpdateNotificationSettings } from './api';
import { useAllowPush } from './useAllowPush';

/** This browser's Web Push: on, blocked, or a button that asks (a tap must lead to the browser's prompt). */
function ThisBrowser() {
  const { t } = useTranslation();
  const { permission, busy, allow } = useAllowPush();
  if (permission === 'unsupported') return <Alert color="gray">{t('notifications.push_unsupported')}</Alert>;
  if (permission === 'denied') return <Alert color="yellow">{t('notifications.push_blocked')}</Alert>;
  if (permission === 'granted') return <Alert color="green">{t('notifications.push_on')}</Alert>;
  return (
    <Alert color="blue" icon={<IconBellRinging size={20} />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('notifications.prompt_body')}</Text>
        <Button loading={busy} onClick={() => void allow()}>
          {t('notifications.allow')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** `/profile/notifications`: each kind on or off, in the app and by push. */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();

  const toggle = (kind: NotificationKind, channel: 'in_app' | 'push', on: boolean) => {
    const current = settings.data!.data[kind];
    update.mutate({ [kind]: { ...current, [channel]: on } }, { onError: (err) => alert('danger', errorMessage(err)) });
  };

  return (
    <Stack gap="md">
      <BackBar title={t('titles.notification_settings')} to="/profile" />
      <ThisBrowser />
      {settings.isPending && <PageLoader />}
      {settings.isError && <Alert color="red">{errorMessage(settings.error)}</Alert>}
      {settings.data && (
        <Card withBorder radius="lg" padding="sm">
          <Table verticalSpacing="sm" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('notifications.kind')}</Table.Th>
                <Table.Th w={92} ta="center">
                  {t('notifications.in_app')}
                </Table.Th>
                <Table.Th w={92} ta="center">
                  {t('notifications.push')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {NOTIFICATION_KINDS.map((kind) => {
                const label = t(`notifications.kinds.${kind}`);
                return (
                  <Table.Tr key={kind}>
                    <Table.Td>
                      <Text size="sm">{label}</Text>
                    </Table.Td>
                    {(['in_app', 'push'] as const).map((channel) => (
                      <Table.Td key={channel}>
                        <Group justify="center">
                          <Switch
                            size="md"
                            checked={settings.data.data[kind][channel]}
                            onChange={(e) => toggle(kind, channel, e.currentTarget.checked)}
                            aria-label={`${label}: ${t(`notifications.${channel}`)}`}
                          />
                        </Group>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Stack>
  );
}
