import { Slider, type SliderProps } from '@mantine/core';
import { lazy, Suspense, useState, type PointerEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeekHover } from './SeekPreview';

// The preview (and the thumbnails' parser) comes with the first hover or drag of a video that has thumbnails.
const SeekPreview = lazy(async () => ({ default: (await import('./SeekPreview')).SeekPreview }));

/**
 * The audio and video players' position: dragging it moves the playback (`onSeek`, in seconds). With
 * `thumbnailsUrl`, hovering or dragging it shows the picture at that time above the pointer, kept inside `bounds`.
 */
export function SeekSlider({
  time,
  duration,
  onSeek,
  thumbnailsUrl,
  bounds,
  ...style
}: {
  time: number;
  duration: number;
  onSeek: (seconds: number) => void;
  thumbnailsUrl?: string | null;
  bounds?: RefObject<HTMLElement | null>;
} & Pick<SliderProps, 'color' | 'size'>) {
  const { t } = useTranslation();
  const [hover, setHover] = useState<SeekHover | null>(null);
  const slider = (
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
  if (!thumbnailsUrl) return slider;

  const show = (e: PointerEvent<HTMLDivElement>) => {
    const bar = e.currentTarget.getBoundingClientRect();
    // The time under the pointer as the slider reckons it: along its track, inside the root's padding.
    const track = (
      e.currentTarget.querySelector('.mantine-Slider-trackContainer') ?? e.currentTarget
    ).getBoundingClientRect();
    const edges = (bounds?.current ?? e.currentTarget).getBoundingClientRect();
    const at = track.width > 0 ? Math.min(1, Math.max(0, (e.clientX - track.left) / track.width)) : 0;
    setHover({
      time: at * duration,
      x: e.clientX - bar.left,
      left: edges.left - bar.left,
      right: edges.right - bar.left,
    });
  };
  const hide = () => setHover(null);

  return (
    <div
      style={{ flex: 1, position: 'relative' }}
      // A mouse previews as it hovers; a finger while it touches (and drags) the bar.
      onPointerMove={(e) => (e.pointerType === 'mouse' || e.buttons > 0) && show(e)}
      onPointerDown={show}
      onPointerUp={(e) => e.pointerType !== 'mouse' && hide()}
      onPointerCancel={hide}
      onPointerLeave={hide}
    >
      {slider}
      {hover && duration > 0 && Number.isFinite(duration) && (
        <Suspense fallback={null}>
          <SeekPreview url={thumbnailsUrl} {...hover} />
        </Suspense>
      )}
    </div>
  );
}
