import { AUDIO_ACCEPT, VIDEO_ACCEPT, type MediaCheck } from '@inkwell/contracts';
import { Alert, Button, FileButton, Group, Input, Loader, Stack, Text } from '@mantine/core';
import { IconMusicUp, IconTrash, IconVideoPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { uploadMedia } from '../../api/upload';
import { alert } from '../../lib/alerts';
import { useReportBusy, useUpload } from './uploadHooks';
import { isBusy, isSending, type UploadEvent, type UploadState } from './uploadState';
import { useMediaLive } from './useMediaLive';
import { useMediaPolling } from './useMediaPolling';
import { UploadProgress } from './UploadProgress';

// The players are needed once a file is ready, not when compose opens.
const AudioPlayer = lazy(async () => ({ default: (await import('./AudioPlayer')).AudioPlayer }));
const VideoPlayer = lazy(async () => ({ default: (await import('./VideoPlayer')).VideoPlayer }));

export interface MediaValue {
  file: string | null;
  url: string;
  posterUrl?: string | null;
}

/**
 * Audio or video: uploading with progress, then the processing status, then the player. A video whose
 * status becomes neither processing nor processed is removed and polling stops (spec §4).
 */
export function MediaUpload({
  kind,
  value,
  onChange,
  label,
  onBusyChange,
  required,
}: {
  kind: 'audio' | 'video';
  value: MediaValue | null;
  onChange: (value: MediaValue | null) => void;
  label: string;
  onBusyChange?: (busy: boolean) => void;
  /** Marks the label with the asterisk of a field the post cannot be published without. */
  required?: boolean;
}) {
  const { t } = useTranslation();
  const { state, dispatch, begin, buttons } = useUpload(
    value
      ? { phase: 'done', url: value.url, file: value.file ?? undefined, posterUrl: value.posterUrl }
      : { phase: 'idle' },
  );
  const busy = isBusy(state);
  useReportBusy(busy, onBusyChange);

  useProcessingStatus(kind, state, dispatch, onChange);

  const choose = async (file: File | null) => {
    if (!file) return;
    // Leaving the screen mid-upload aborts it; its late answer then changes nothing.
    const options = begin();
    const { signal } = options;
    try {
      const res = await uploadMedia(kind, file, options);
      if (signal.aborted) return;
      dispatch({ type: 'uploaded', file: res.file });
    } catch (err) {
      if (signal.aborted) return;
      const message = errorMessage(err);
      dispatch({ type: 'fail', error: message });
      alert('warning', message);
    }
  };

  const remove = () => {
    dispatch({ type: 'remove' });
    onChange(null);
  };

  return (
    <Input.Wrapper label={label} withAsterisk={required}>
      <Stack gap="xs" mt={4}>
        {isSending(state) && <UploadProgress state={state} {...buttons} />}
        {state.phase === 'processing' && (
          <Group gap="sm" role="status" aria-live="polite">
            <Loader size="sm" />
            <Text size="sm">
              {state.progress > 0 ? t('media.processing_percent', { percent: state.progress }) : t('media.processing')}
            </Text>
          </Group>
        )}
        {state.phase === 'done' && (
          <Suspense fallback={<Loader size="sm" aria-label={t('app.loading')} />}>
            {kind === 'audio' ? (
              <AudioPlayer src={state.url} title={label} />
            ) : (
              <VideoPlayer src={state.url} poster={state.posterUrl ?? undefined} title={label} />
            )}
          </Suspense>
        )}
        {state.phase === 'failed' && (
          <Alert color="red" role="alert" title={t('media.upload_failed')}>
            {state.error || t('media.processing_failed')}
          </Alert>
        )}
        {/* While the file travels, the bar's own buttons pause or cancel it. */}
        {!isSending(state) && (
          <Group>
            {state.phase === 'done' ? (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={18} />} onClick={remove}>
                {t(kind === 'audio' ? 'media.remove_audio' : 'media.remove_video')}
              </Button>
            ) : (
              <FileButton
                onChange={(file) => void choose(file)}
                accept={kind === 'audio' ? AUDIO_ACCEPT : VIDEO_ACCEPT}
                disabled={busy}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    loading={busy}
                    leftSection={kind === 'audio' ? <IconMusicUp size={18} /> : <IconVideoPlus size={18} />}
                  >
                    {t(kind === 'audio' ? 'media.choose_audio' : 'media.choose_video')}
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * While the server processes the file: its status into the state, by the spec's poll and, sooner, the realtime
 * channel. Processed sets the value; neither processing nor processed drops the file and says why.
 */
function useProcessingStatus(
  kind: 'audio' | 'video',
  state: UploadState,
  dispatch: Dispatch<UploadEvent>,
  onChange: (value: MediaValue | null) => void,
) {
  const { t } = useTranslation();
  const onStatus = useCallback(
    (check: MediaCheck) => {
      dispatch({
        type: 'status',
        status: check.status,
        url: check.url,
        progress: check.progress,
        posterUrl: check.poster_url,
        error: check.error,
      });
      if (check.status === 'processed' && check.url)
        onChange({ file: check.file, url: check.url, posterUrl: check.poster_url });
      else if (check.status !== 'processing') {
        // Neither processing nor processed: the file is dropped.
        onChange(null);
        alert('danger', check.error ?? t('media.processing_failed'));
      }
    },
    [dispatch, onChange, t],
  );
  const processing = state.phase === 'processing' ? state.file : null;
  // The spec's poll stays as the fallback; the realtime channel says sooner how far along it is and when it is done.
  const askNow = useMediaPolling(kind, processing, onStatus);
  const onProgress = useCallback(
    (progress: number) => dispatch({ type: 'status', status: 'processing', url: null, progress }),
    [dispatch],
  );
  useMediaLive(isBusy(state), processing, onProgress, askNow);
}
