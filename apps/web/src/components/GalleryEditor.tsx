import { IMAGE_ACCEPT } from '@inkwell/contracts';
import { ActionIcon, Button, Card, FileButton, Group, Image, Progress, Stack, TextInput } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client';
import { uploadImage } from '../api/upload';
import { useReportBusy, useUploadSignal } from './media/uploadHooks';
import { alert } from '../lib/alerts';
import { imageAttributes } from '../lib/images';

export interface GalleryItem {
  url: string;
  caption: string;
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
  const [progress, setProgress] = useState<number | null>(null);
  useReportBusy(progress !== null, onBusyChange);
  const nextSignal = useUploadSignal();

  const add = async (file: File | null) => {
    if (!file) return;
    // Leaving the screen mid-upload aborts it; its late answer then changes nothing.
    const signal = nextSignal();
    setProgress(0);
    try {
      const url = await uploadImage('photos', file, setProgress, signal);
      if (!signal.aborted) onChange((current) => [...current, { url, caption: '' }]);
    } catch (err) {
      if (!signal.aborted) alert('danger', errorMessage(err));
    } finally {
      if (!signal.aborted) setProgress(null);
    }
  };

  return (
    <Stack gap="sm">
      {items.map((item, index) => (
        <Card key={`${item.url}-${index}`} withBorder radius="md" padding="sm">
          <Group wrap="nowrap" align="start">
            <Image
              {...imageAttributes(item.url, { sizes: '96px' })}
              alt={item.caption || t('posts.gallery_photo', { n: index + 1 })}
              w={96}
              h={72}
              radius="sm"
              fit="cover"
            />
            <TextInput
              style={{ flex: 1 }}
              label={t('posts.fields.caption_n', { n: index + 1 })}
              value={item.caption}
              maxLength={250}
              onChange={(e) => {
                const caption = e.currentTarget.value;
                onChange((current) => current.map((it, i) => (i === index ? { ...it, caption } : it)));
              }}
            />
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
      {progress !== null && <Progress value={progress} animated aria-label={t('media.uploading')} />}
      <Group>
        <FileButton onChange={(file) => void add(file)} accept={IMAGE_ACCEPT} disabled={progress !== null}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPhotoPlus size={18} />} loading={progress !== null}>
              {t('posts.add_photo')}
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}
