import { Button, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { wholeNumber } from '../../lib/numbers';
import { transferParts } from './transferText';
import { useUploadMessages } from './uploadMessages';
import type { SendingState } from './uploadState';

interface Buttons {
  onPause?: () => void;
  onResume?: () => void;
  onCancel?: () => void;
}

/**
 * The bar while a file travels to the server, what has gone and what is left ("3.2 MB of 48 MB · 420 kB/s ·
 * about 2 minutes left"), and Pause/Resume (a resumable upload only) and Cancel when the screen offers them.
 */
export function UploadProgress({
  state,
  progress = 0,
  ...buttons
}: Buttons & {
  state?: SendingState;
  /** For an upload that tells its percentage alone. */
  progress?: number;
}) {
  const { t } = useTranslation();
  const sending: SendingState = state ?? { phase: 'uploading', progress };
  const words = useProgressWords(sending);

  return (
    <Stack gap={4}>
      <Progress value={sending.progress} animated={sending.phase === 'uploading'} aria-label={t('media.uploading')} />
      <Group justify="space-between" align="start" gap="xs">
        <div>
          <Text size="sm">{words.headline}</Text>
          {words.parts.length > 0 && (
            <Text size="sm" c="dimmed">
              {/* Lines break between the parts only: a Burmese or Thai word is never split. */}
              {words.parts.map((part, i) => (
                <Fragment key={i}>
                  {i > 0 && ' · '}
                  <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
                </Fragment>
              ))}
            </Text>
          )}
          {words.resumed && sending.phase === 'uploading' && (
            <Text size="sm" c="dimmed" style={{ wordBreak: 'keep-all' }}>
              {words.resumed}
            </Text>
          )}
        </div>
        {words.ready && <UploadButtons state={sending} {...buttons} />}
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {words.spoken}
        {words.resumed && ` ${words.resumed}`}
      </VisuallyHidden>
    </Stack>
  );
}

/** What the bar says, and what is spoken: the details wait for the upload's messages, the percentage does not. */
function useProgressWords({ phase, progress, transfer, resumedFrom }: SendingState) {
  const { t } = useTranslation();
  const ready = useUploadMessages();
  const locale = currentLocale();
  const percent = (n: number) => wholeNumber(locale, n);
  const uploading = t('media.uploading_percent', { percent: percent(progress) });
  // Spoken in tens: a screen reader reading out every percent would say nothing else.
  const inTens = t('media.uploading_percent', { percent: percent(Math.floor(progress / 10) * 10) });
  if (!ready) return { ready, headline: uploading, parts: [], resumed: null, spoken: inTens };
  const headline =
    phase === 'paused'
      ? t('upload.paused_percent', { percent: percent(progress) })
      : phase === 'offline'
        ? t('upload.waiting_connection')
        : uploading;
  return {
    ready,
    headline,
    parts: transfer ? transferParts(t, locale, transfer, phase === 'uploading') : [],
    resumed: resumedFrom !== undefined ? t('upload.resuming_from', { percent: percent(resumedFrom) }) : null,
    spoken: phase === 'uploading' ? inTens : headline,
  };
}

/** Pause or Resume (only a resumable upload can be picked up again) and Cancel, each a fingertip's height. */
function UploadButtons({ state, onPause, onResume, onCancel }: Buttons & { state: SendingState }) {
  const { t } = useTranslation();
  const paused = state.phase === 'paused';
  const toggle = state.transfer?.resumable ? (paused ? onResume : onPause) : undefined;
  return (
    <Group gap="xs">
      {toggle && (
        <Button
          variant={paused ? 'light' : 'default'}
          size="sm"
          mih={44}
          leftSection={paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
          onClick={toggle}
        >
          {t(paused ? 'upload.resume' : 'upload.pause')}
        </Button>
      )}
      {onCancel && (
        <Button variant="subtle" color="red" size="sm" mih={44} leftSection={<IconX size={16} />} onClick={onCancel}>
          {t('upload.cancel')}
        </Button>
      )}
    </Group>
  );
}
