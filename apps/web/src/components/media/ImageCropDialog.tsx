import type { ImageKind } from '@inkwell/contracts';
import { Alert, Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { cropAspect, cropToFile, type Area } from './crop';

const MAX_ZOOM = 4;

/**
 * The crop step of a fixed-shape picture (an audio cover, a banner, an avatar): the chosen file with a
 * frame of the kind's shape (round for avatars) to move and zoom, by pointer, touch or keyboard. Confirming
 * cuts that part out in the browser and hands it on as a file for the usual upload; nothing is sent before.
 * Loaded only when a picture is chosen (react-easy-crop is not on the first load).
 */
export function ImageCropDialog({
  file,
  source,
  kind,
  onCancel,
  onConfirm,
}: {
  file: File;
  /** An object URL of `file`, made and revoked by the caller (it outlives this dialog's effects). */
  source: string;
  kind: ImageKind;
  onCancel: () => void;
  onConfirm: (cropped: File) => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const hintId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    if (!area) return;
    setWorking(true);
    setFailed(false);
    try {
      onConfirm(await cropToFile(file, area, kind));
    } catch {
      setFailed(true);
      setWorking(false);
    }
  };

  return (
    <Modal opened onClose={onCancel} title={t('media.crop.title')} size="lg" fullScreen={phone} centered>
      <Stack gap="sm">
        <Text id={hintId} size="sm">
          {t('media.crop.hint')}
        </Text>
        <Box pos="relative" h={phone ? 'min(60vh, 360px)' : 360} bg="dark.7" style={{ borderRadius: 8 }}>
          <Cropper
            image={source}
            crop={crop}
            zoom={zoom}
            maxZoom={MAX_ZOOM}
            aspect={cropAspect(kind) ?? 1}
            cropShape={kind === 'profiles' ? 'round' : 'rect'}
            showGrid={kind !== 'profiles'}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            cropperProps={{
              'aria-label': t('media.crop.area'),
              'aria-describedby': hintId,
              role: 'group',
            }}
            mediaProps={{ alt: '' }}
          />
        </Box>
        <div>
          <Text size="sm" fw={500} aria-hidden>
            {t('media.crop.zoom')}
          </Text>
          <Slider
            value={zoom}
            onChange={setZoom}
            min={1}
            max={MAX_ZOOM}
            step={0.05}
            label={null}
            thumbLabel={t('media.crop.zoom')}
            thumbSize={24}
            py="sm"
          />
        </div>
        {failed && (
          <Alert color="red" role="alert">
            {t('media.crop.failed')}
          </Alert>
        )}
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" onClick={onCancel} disabled={working} mih={44}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={working} disabled={!area} mih={44}>
            {t('media.crop.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default ImageCropDialog;
