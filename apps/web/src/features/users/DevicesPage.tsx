import { Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDevices } from '@tabler/icons-react';
import type { Device } from '@inkwell/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { EmptyState } from '../../components/EmptyState';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { longDate } from '../../lib/dates';
import { relativeTime } from '../../lib/relativeTime';
import { useDevices, useRevokeDevice } from './api';

/** The sooner of the two ways a device is signed out: left unused, or a year after signing in. */
const idleFirst = (device: Pick<Device, 'idle_expires_at' | 'expires_at'>): boolean =>
  new Date(device.idle_expires_at) < new Date(device.expires_at);

export function DevicesPage() {
  const { t } = useTranslation();
  const devices = useDevices();
  const revoke = useRevokeDevice();
  const locale = currentLocale();

  return (
    <>
      <BackBar title={t('titles.devices')} to="/profile" />
      <Text c="dimmed" mb="md">
        {t('devices.intro')}
      </Text>
      {devices.isPending && <Loader aria-label={t('app.loading')} />}
      {devices.isError && <Text c="red">{errorMessage(devices.error)}</Text>}
      {devices.data && devices.data.data.length === 0 && (
        <EmptyState icon={<IconDevices size={32} />} title={t('devices.empty_title')} body={t('devices.empty_body')} />
      )}
      <Stack gap="sm" component="ul" p={0} style={{ listStyle: 'none' }} aria-label={t('titles.devices')}>
        {devices.data?.data.map((device) => (
          <Card key={device.id} withBorder radius="md" component="li" padding="md">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconDeviceDesktop size={28} aria-hidden />
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {device.device_name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('devices.last_used', { time: relativeTime(device.updated_at, locale) })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {idleFirst(device)
                      ? t('devices.idle_expiry', { date: longDate(device.idle_expires_at, locale) })
                      : t('devices.expiry', { date: longDate(device.expires_at, locale) })}
                  </Text>
                </div>
              </Group>
              {device.current ? (
                <Badge variant="light">{t('devices.current')}</Badge>
              ) : (
                <Button
                  variant="subtle"
                  color="red"
                  size="sm"
                  loading={revoke.isPending && revoke.variables === device.id}
                  onClick={() =>
                    revoke.mutate(device.id, {
                      onSuccess: () => alert('success', t('devices.revoked')),
                      onError: (error) => alert('danger', errorMessage(error)),
                    })
                  }
                >
                  {t('devices.revoke')}
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
