import { Slider, type SliderProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The audio and video players' position: dragging it moves the playback (`onSeek`, in seconds). */
export function SeekSlider({
  time,
  duration,
  onSeek,
  ...style
}: { time: number; duration: number; onSeek: (seconds: number) => void } & Pick<SliderProps, 'color' | 'size'>) {
  const { t } = useTranslation();
  return (
    <Slider
      style={{ flex: 1 }}
      {...style}
      min={0}
      max={duration || 1}
      step={0.1}
      value={time}
      label={null}
      onChange={onSeek}
      aria-label={t('media.seek')}
      thumbLabel={t('media.seek')}
    />
  );
}
