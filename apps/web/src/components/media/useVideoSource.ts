import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useLatest } from '../../lib/useLatest';
import {
  hasMediaSource,
  levelFor,
  renditionName,
  startHls,
  videoSourcePlan,
  type HlsHandle,
  type VideoQuality,
  type VideoSourceKind,
} from './hlsSource';
import { resumePosition } from './playbackMemory';
import { storedQuality, storeQuality } from './qualityMemory';

const canPlayType = (type: string) =>
  typeof document === 'undefined' ? '' : document.createElement('video').canPlayType(type);

/**
 * Which source the video element plays and what it shows: `src` for the element (none while hls.js feeds it),
 * the rendition on screen ("360p"), the one hls.js fetches, and whether it waits for the connection to come back;
 * under hls.js, the renditions to choose from and the reader's choice (`setQuality`, remembered on this device).
 */
export function useVideoSource(
  ref: RefObject<HTMLVideoElement | null>,
  { src, hlsUrl, dataSaver, mediaKey }: { src: string; hlsUrl?: string | null; dataSaver: boolean; mediaKey?: string },
) {
  const plan = useMemo(() => videoSourcePlan({ hlsUrl, canPlayType, mediaSource: hasMediaSource() }), [hlsUrl]);
  // A step down the plan holds for this playlist only: another post's playlist starts from the top again.
  const [stepped, setStepped] = useState<{ plan: VideoSourceKind[]; kind: VideoSourceKind } | null>(null);
  const kind = stepped?.plan === plan ? stepped.kind : plan[0]!;
  const [levelHeight, setLevelHeight] = useState<number | null>(null);
  const [loadingHeight, setLoadingHeight] = useState<number | null>(null);
  const [pictureHeight, setPictureHeight] = useState<number | null>(null);
  const [reconnecting, setReconnecting] = useState(false);
  const [levels, setLevels] = useState<number[]>([]);
  // A rendition remembered from another video does not outrank data saver at the start: it was picked on a link
  // the reader may have left, and data saver is there to keep a video from spending more than asked.
  const [quality, setChoice] = useState<VideoQuality>(() => (dataSaver ? 'auto' : storedQuality()));
  const handle = useRef<HlsHandle | null>(null);
  const dataSaverNow = useLatest(dataSaver);
  const qualityNow = useLatest(quality);

  useEffect(() => {
    const video = ref.current;
    if (kind !== 'hls.js' || !hlsUrl || !video) return;
    let cancelled = false;
    const next = () => !cancelled && setStepped({ plan, kind: plan[plan.indexOf('hls.js') + 1] ?? 'progressive' });
    startHls(video, hlsUrl, {
      dataSaver: dataSaverNow.current,
      startPosition: mediaKey ? resumePosition(mediaKey) : null,
      quality: qualityNow.current,
      onLevels: setLevels,
      onRendition: setLevelHeight,
      onLoadingRendition: setLoadingHeight,
      onReconnecting: setReconnecting,
      // A broken stream plays as the MP4: the browser's own HLS would likely break the same way.
      onFallback: () => setStepped({ plan, kind: 'progressive' }),
    })
      .then((started) => {
        if (cancelled) return started?.destroy();
        if (!started) return next();
        started.setDataSaver(dataSaverNow.current);
        started.setQuality(qualityNow.current);
        handle.current = started;
      })
      // The chunk did not come (offline as the player mounted): the element fetches by itself, and reconnects.
      .catch(next);
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = null;
      setLevelHeight(null);
      setLoadingHeight(null);
      setReconnecting(false);
      setLevels([]);
    };
  }, [kind, hlsUrl, plan, ref, mediaKey, dataSaverNow, qualityNow]);

  useEffect(() => {
    handle.current?.setDataSaver(dataSaver);
  }, [dataSaver]);

  // Elsewhere the picture's own height tells the rendition (the browser's HLS switches it by itself).
  useEffect(() => {
    const video = ref.current;
    if (!video || kind === 'hls.js') return;
    const read = () => setPictureHeight(video.videoHeight || null);
    video.addEventListener('loadedmetadata', read);
    video.addEventListener('resize', read);
    return () => {
      video.removeEventListener('loadedmetadata', read);
      video.removeEventListener('resize', read);
      setPictureHeight(null);
    };
  }, [ref, kind]);

  const setQuality = (next: VideoQuality) => {
    setChoice(next);
    storeQuality(next);
    handle.current?.setQuality(next);
  };
  const hlsJs = kind === 'hls.js';
  const pinned = levels.length > 0 ? levelFor(levels, quality) : -1;

  return {
    kind,
    src: kind === 'progressive' ? src : kind === 'native' ? (hlsUrl ?? src) : undefined,
    rendition: renditionName(kind === 'hls.js' ? levelHeight : pictureHeight),
    /** hls.js only: the rendition being fetched, ahead of the one on screen. */
    loadingRendition: kind === 'hls.js' ? renditionName(loadingHeight) : null,
    reconnecting,
    /** hls.js only: the heights to choose from, tallest first (none before the playlist has come). */
    renditions: hlsJs ? [...new Set(levels)].sort((a, b) => b - a) : [],
    /** hls.js only: 'auto', or the height pinned (of this video's renditions, once they are known). */
    quality: hlsJs ? (quality === 'auto' ? quality : (levels[pinned] ?? quality)) : null,
    setQuality,
  };
}
