import { IMAGE_ACCEPT, mediaApi, type ImageKind } from '@inkwell/contracts';
import { Alert, Button, CloseButton, FileButton, Group, Input, Stack } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { uploadWithProgress } from '../../api/upload';
import { useLatest } from '../../lib/useLatest';
import { ResponsiveImage } from '../ResponsiveImage';
import { useReportBusy, useUploadSignal } from './uploadHooks';
import { isBusy, uploadReducer } from './uploadState';
import { UploadProgress } from './UploadProgress';

const RATIOS: Record<ImageKind, number> = { squares: 1, profiles: 1, covers: 2, photos: 4 / 3 };

/**
 * Image files only; progress 0–100; done sets the image, failure shows the server's message and reports
 * `onFailed`; Remove clears it (spec: image upload states). The finished upload calls the latest `onChange`;
 * leaving the screen mid-upload aborts it and reports not busy.
 */
export function ImageUploader({
  kind,
  value,
  onChange,
  label,
  description,
  onFailed,
  onBusyChange,
}: {
  kind: ImageKind;
  value: string | null;
  onChange: (url: string | null) => void;
  label: string;
  description?: string;
  onFailed?: (message: string) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(uploadReducer, value ? { phase: 'done', url: value } : { phase: 'idle' });
  const busy = isBusy(state);
  useReportBusy(busy, onBusyChange);
  const latest = useLatest({ onChange, onFailed });
  const nextSignal = useUploadSignal();

  const choose = async (file: File | null) => {
    if (!file) return;
    const signal = nextSignal();
    dispatch({ type: 'start' });
    const form = new FormData();
    form.append('type', kind);
    form.append('url', file);
    try {
      const res = await uploadWithProgress<{ url: string }>(
        mediaApi.uploadImage.path,
        form,
        (progress) => dispatch({ type: 'progress', progress }),
        signal,
      );
      if (signal.aborted) return;
      dispatch({ type: 'uploaded', url: res.url });
      latest.current.onChange(res.url);
    } catch (err) {
      if (signal.aborted) return;
      const message = errorMessage(err);
      dispatch({ type: 'fail', error: message });
      latest.current.onFailed?.(message);
    }
  };

  const previewWidth = kind === 'profiles' || kind === 'squares' ? 160 : 480;

  const remove = () => {
    dispatch({ type: 'remove' });
    onChange(null);
  };

  return (
    <Input.Wrapper label={label} description={description}>
      <Stack gap="xs" mt={4}>
        {state.phase === 'done' && (
          <div style={{ position: 'relative', maxWidth: previewWidth }}>
            <ResponsiveImage
              url={state.url}
              alt={label}
              sizes={`${previewWidth}px`}
              radius="md"
              style={{ aspectRatio: RATIOS[kind], objectFit: 'cover' }}
            />
            <CloseButton
              aria-label={t('media.remove_image')}
              onClick={remove}
              variant="filled"
              radius="xl"
              style={{ position: 'absolute', top: 6, right: 6 }}
            />
          </div>
        )}
        {state.phase === 'uploading' && <UploadProgress progress={state.progress} />}
        {state.phase === 'failed' && (
          <Alert color="red" role="alert" title={t('media.upload_failed')}>
            {state.error}
          </Alert>
        )}
        {state.phase !== 'done' && (
          <Group>
            <FileButton onChange={(file) => void choose(file)} accept={IMAGE_ACCEPT} disabled={busy}>
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconPhotoUp size={18} />} loading={busy}>
                  {t('media.choose_image')}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
