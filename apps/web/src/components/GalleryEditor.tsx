import { IMAGE_ACCEPT } from '@inkwell/contracts';
import { ActionIcon, Button, Card, FileButton, Group, Image, Stack, TextInput } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client';
import { uploadImage } from '../api/upload';
import { useReportBusy, useUpload } from './media/uploadHooks';
import { isSending } from './media/uploadState';
import { UploadProgress } from './media/UploadProgress';
import { ImageAltInput } from './media/ImageAltInput';
import { alert } from '../lib/alerts';
import { imageAttributes } from '../lib/images';

export interface GalleryItem {
  url: string;
  caption: string;
  /** What the photo shows, for who cannot see it (empty: not written). */
  alt: string;
}

/**
 * Each uploaded photo is appended with a caption; items can be deleted (spec: gallery). Changes are updaters
 * of the list as it is then, so a caption typed while a photo uploads stays when the photo arrives.
 */
export function GalleryEditor({
  items,
  onChange,
  onBusyChange,
}: {
  items: GalleryItem[];
  onChange: (update: (items: GalleryItem[]) => GalleryItem[]) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const { state, dispatch, begin, buttons } = useUpload({ phase: 'idle' });
  const uploading = isSending(state);
  useReportBusy(uploading, onBusyChange);

  const add = async (file: File | null) => {
    if (!file) return;
    // Leaving the screen mid-upload aborts it; its late answer then changes nothing.
    const { onProgress, signal, ...reports } = begin();
    try {
      const url = await uploadImage('photos', file, onProgress, signal, reports);
      if (!signal.aborted) onChange((current) => [...current, { url, caption: '', alt: '' }]);
    } catch (err) {
      if (!signal.aborted) alert('danger', errorMessage(err));
    } finally {
      // The list shows the photo (or the alert the failure): the uploader is ready for the next.
      if (!signal.aborted) dispatch({ type: 'remove' });
    }
  };

  return (
    <Stack gap="sm">
      {items.map((item, index) => (
        <Card key={`${item.url}-${index}`} withBorder radius="md" padding="sm">
          <Group wrap="nowrap" align="start">
            <Image
              {...imageAttributes(item.url, { sizes: '96px' })}
              alt={item.alt || item.caption || t('posts.gallery_photo', { n: index + 1 })}
              w={96}
              h={72}
              radius="sm"
              fit="cover"
            />
            <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
              <TextInput
                label={t('posts.fields.caption_n', { n: index + 1 })}
                value={item.caption}
                maxLength={250}
                onChange={(e) => {
                  const caption = e.currentTarget.value;
                  onChange((current) => current.map((it, i) => (i === index ? { ...it, caption } : it)));
                }}
              />
              <ImageAltInput
                label={t('posts.alt.label_n', { n: index + 1 })}
                value={item.alt}
                onChange={(alt) => onChange((current) => current.map((it, i) => (i === index ? { ...it, alt } : it)))}
              />
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              size={44}
              aria-label={t('posts.remove_photo_n', { n: index + 1 })}
              onClick={() => onChange((current) => current.filter((_, i) => i !== index))}
            >
              <IconTrash size={20} />
            </ActionIcon>
          </Group>
        </Card>
      ))}
      {uploading ? (
        <UploadProgress state={state} {...buttons} />
      ) : (
        <Group>
          <FileButton onChange={(file) => void add(file)} accept={IMAGE_ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconPhotoPlus size={18} />}>
                {t('posts.add_photo')}
              </Button>
            )}
          </FileButton>
        </Group>
      )}
    </Stack>
  );
}
