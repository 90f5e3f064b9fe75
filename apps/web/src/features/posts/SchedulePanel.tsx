import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromZonedInput, toZonedInput } from '../../lib/zonedTime';

const HOUR = 3_600_000;

/**
 * When to publish, on the account's clock (its time zone, named beside the field): the phone's own date and time
 * picker, no calendar to download. Starts an hour from now, on the hour.
 */
export function SchedulePanel({
  timeZone,
  busy,
  error,
  onSchedule,
  onCancel,
}: {
  timeZone: string;
  busy: boolean;
  error?: string;
  onSchedule: (publishAt: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(() => toZonedInput(Math.ceil((Date.now() + HOUR) / HOUR) * HOUR, timeZone));
  const [invalid, setInvalid] = useState(false);
  const [min] = useState(() => toZonedInput(Date.now(), timeZone));
  const submit = () => {
    const at = fromZonedInput(value, timeZone);
    setInvalid(!at);
    if (at) onSchedule(at.toISOString());
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <TextInput
          type="datetime-local"
          label={t('posts.schedule.when')}
          description={t('posts.schedule.zone', { zone: timeZone })}
          value={value}
          min={min}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={invalid ? t('posts.schedule.invalid') : error}
          required
        />
        <Text size="sm" c="dimmed">
          {t('posts.schedule.hint')}
        </Text>
        <Group grow>
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={busy}>
            {t('posts.schedule.confirm')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
