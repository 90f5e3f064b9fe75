import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImageAltInput } from './media/ImageAltInput';
import { ImageUploader } from './media/ImageUploader';
import { StatusPostForm } from './StatusPostForm';

export interface PhotoPostValue {
  title: string;
  content: string;
  url: string | null;
  /** The photo's description. */
  alt: string;
}

/**
 * A photo post: title, text (at most 250) and the photo, kept whole in its own shape (never cut to 8:4).
 * Changes are updaters of the value as it is then, so text typed while the photo uploads stays when the
 * photo arrives.
 */
export function PhotoPostForm({
  value,
  onChange,
  errors = {},
  onBusyChange,
}: {
  value: PhotoPostValue;
  onChange: (update: (value: PhotoPostValue) => PhotoPostValue) => void;
  errors?: Record<string, React.ReactNode>;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <TextInput
        label={t('posts.fields.title')}
        withAsterisk
        aria-required
        value={value.title}
        onChange={(e) => {
          const title = e.currentTarget.value;
          onChange((v) => ({ ...v, title }));
        }}
        error={errors.title}
      />
      <StatusPostForm
        label={t('posts.fields.content')}
        required
        value={value.content}
        onChange={(content) => onChange((v) => ({ ...v, content }))}
        error={errors.content}
      />
      <ImageUploader
        kind="photos"
        label={t('posts.fields.photo')}
        required
        description={t('posts.photo_hint')}
        value={value.url}
        onChange={(url) => onChange((v) => ({ ...v, url }))}
        onBusyChange={onBusyChange}
      />
      {errors.url && (
        <div role="alert" style={{ color: 'var(--mantine-color-error)', fontSize: 'var(--mantine-font-size-sm)' }}>
          {errors.url}
        </div>
      )}
      {value.url && (
        <ImageAltInput
          value={value.alt}
          onChange={(alt) => onChange((v) => ({ ...v, alt }))}
          error={errors.featured_photo_alt}
        />
      )}
    </Stack>
  );
}
