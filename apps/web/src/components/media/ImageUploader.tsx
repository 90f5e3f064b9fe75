import { IMAGE_ACCEPT, type ImageKind } from '@inkwell/contracts';
import { Alert, Button, CloseButton, FileButton, Group, Input, Stack } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { uploadImage } from '../../api/upload';
import { useLatest } from '../../lib/useLatest';
import { photoBoxStyle } from '../../lib/imageBox';
import { ResponsiveImage } from '../ResponsiveImage';
import { cropAspect } from './crop';
import { useReportBusy, useUpload } from './uploadHooks';
import { isBusy, isSending } from './uploadState';
import { UploadProgress } from './UploadProgress';

// The crop step (and react-easy-crop) loads only once a fixed-shape picture is chosen.
const ImageCropDialog = lazy(async () => ({ default: (await import('./ImageCropDialog')).ImageCropDialog }));

/**
 * Image files only; progress 0–100; done sets the image, failure shows the server's message and reports
 * `onFailed`; Remove clears it (spec: image upload states). The finished upload calls the latest `onChange`;
 * leaving the screen mid-upload aborts it and reports not busy. A kind with a fixed shape (squares, covers,
 * profiles) first opens the crop step, so the person chooses what is kept instead of the server guessing;
 * a photo keeps its own shape and goes up as it is.
 */
export function ImageUploader({
  kind,
  value,
  onChange,
  label,
  description,
  onFailed,
  onBusyChange,
  required,
}: {
  kind: ImageKind;
  value: string | null;
  onChange: (url: string | null) => void;
  label: string;
  description?: string;
  onFailed?: (message: string) => void;
  onBusyChange?: (busy: boolean) => void;
  /** Marks the label with the asterisk of a field the post cannot be published without. */
  required?: boolean;
}) {
  const { t } = useTranslation();
  const { state, dispatch, begin, buttons } = useUpload(value ? { phase: 'done', url: value } : { phase: 'idle' });
  const busy = isBusy(state);
  useReportBusy(busy, onBusyChange);
  const latest = useLatest({ onChange, onFailed });
  const aspect = cropAspect(kind);
  const [cropping, setCropping] = useState<{ file: File; source: string } | null>(null);

  const choose = (file: File | null) => {
    if (!file) return;
    if (aspect === null) void send(file);
    else setCropping({ file, source: URL.createObjectURL(file) });
  };
  const closeCrop = () => {
    if (cropping) URL.revokeObjectURL(cropping.source);
    setCropping(null);
  };

  const send = async (file: File) => {
    const { onProgress, signal, ...reports } = begin();
    try {
      const url = await uploadImage(kind, file, onProgress, signal, reports);
      if (signal.aborted) return;
      dispatch({ type: 'uploaded', url });
      latest.current.onChange(url);
    } catch (err) {
      if (signal.aborted) return;
      const message = errorMessage(err);
      dispatch({ type: 'fail', error: message });
      latest.current.onFailed?.(message);
    }
  };

  const remove = () => {
    dispatch({ type: 'remove' });
    onChange(null);
  };

  return (
    <Input.Wrapper label={label} description={description} withAsterisk={required}>
      <Stack gap="xs" mt={4}>
        {state.phase === 'done' && <ImagePreview url={state.url} label={label} kind={kind} onRemove={remove} />}
        {isSending(state) && <UploadProgress state={state} {...buttons} />}
        {state.phase === 'failed' && (
          <Alert color="red" role="alert" title={t('media.upload_failed')}>
            {state.error}
          </Alert>
        )}
        {/* While the file travels, the bar's own buttons pause or cancel it. */}
        {state.phase !== 'done' && !isSending(state) && (
          <Group>
            <FileButton onChange={choose} accept={IMAGE_ACCEPT} disabled={busy || cropping !== null}>
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconPhotoUp size={18} />} loading={busy}>
                  {t('media.choose_image')}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Stack>
      {cropping && (
        <Suspense fallback={null}>
          <ImageCropDialog
            file={cropping.file}
            source={cropping.source}
            kind={kind}
            onCancel={closeCrop}
            onConfirm={(cropped) => {
              closeCrop();
              void send(cropped);
            }}
          />
        </Suspense>
      )}
    </Input.Wrapper>
  );
}

/** The uploaded image in the kind's shape (a profile picture round), with a button that removes it. */
function ImagePreview({
  url,
  label,
  kind,
  onRemove,
}: {
  url: string;
  label: string;
  kind: ImageKind;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const aspect = cropAspect(kind);
  const previewWidth = kind === 'profiles' || kind === 'squares' ? 160 : 480;
  return (
    <div style={{ position: 'relative', maxWidth: previewWidth }}>
      <ResponsiveImage
        url={url}
        alt={label}
        sizes={`${previewWidth}px`}
        radius="md"
        style={
          aspect === null
            ? photoBoxStyle(url, '50vh')
            : { aspectRatio: aspect, objectFit: 'cover', ...(kind === 'profiles' && { borderRadius: '50%' }) }
        }
      />
      <CloseButton
        aria-label={t('media.remove_image')}
        onClick={onRemove}
        variant="filled"
        radius="xl"
        style={{ position: 'absolute', top: 6, right: 6 }}
      />
    </div>
  );
}

/** The structural slice of a Mantine form that holds an image url field (typed loosely so any form fits). */
interface ImageUrlForm<K extends ImageUrlField> {
  values: Record<K, string | null>;
  setFieldValue: (path: K, value: string | null) => void;
}

type ImageUrlField = 'profile_url' | 'banner_url';
const FIELD_KIND: Record<ImageUrlField, ImageKind> = { profile_url: 'profiles', banner_url: 'covers' };

/** An ImageUploader bound to a form's profile picture or banner url field. */
export function FormImageUploader<K extends ImageUrlField>({
  form,
  field,
  ...props
}: { form: ImageUrlForm<K>; field: K } & Omit<Parameters<typeof ImageUploader>[0], 'kind' | 'value' | 'onChange'>) {
  return (
    <ImageUploader
      {...props}
      kind={FIELD_KIND[field]}
      value={form.values[field]}
      onChange={(url) => form.setFieldValue(field, url)}
    />
  );
}
