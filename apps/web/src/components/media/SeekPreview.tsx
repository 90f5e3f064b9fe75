import { useEffect, useState } from 'react';
import { cueAt, parseThumbnails, type ThumbnailCue } from './thumbnailCues';
import { formatClock } from './uploadState';

/** Where a preview stands: its time, the pointer's x, and the player's edges, in px from the bar's left. */
export interface SeekHover {
  time: number;
  x: number;
  left: number;
  right: number;
}

/** The largest a thumbnail is drawn: the server's cells are 160 px on their long side. */
const MAX_WIDTH = 160;
const MAX_HEIGHT = 90;
/** The clock's width while no thumbnail shows (the file still on its way, or none for that time). */
const CLOCK_WIDTH = 64;
/** Kept this far from the player's edges. */
const EDGE = 4;

// Each file is fetched once per page, however often the bar is hovered: a promise while it comes, then its cues.
const pending = new Map<string, Promise<ThumbnailCue[]>>();
const loaded = new Map<string, ThumbnailCue[]>();

function loadCues(url: string): Promise<ThumbnailCue[]> {
  let promise = pending.get(url);
  if (!promise) {
    promise = fetch(url)
      .then((res) => {
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        return res.text();
      })
      .then((text) => {
        const cues = parseThumbnails(text, url);
        loaded.set(url, cues);
        return cues;
      });
    // A dropped connection must not stick: the next hover asks again.
    promise.catch(() => pending.delete(url));
    pending.set(url, promise);
  }
  return promise;
}

function useCues(url: string): ThumbnailCue[] | null {
  const [cues, setCues] = useState<{ url: string; cues: ThumbnailCue[] } | null>(null);
  useEffect(() => {
    if (loaded.has(url)) return;
    let live = true;
    loadCues(url).then(
      (found) => live && setCues({ url, cues: found }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url]);
  return loaded.get(url) ?? (cues?.url === url ? cues.cues : null);
}

/**
 * The picture at the hovered time above the seek bar (its cell of the thumbnails' strip, drawn as a background so
 * the strip downloads once) with the clock under it; centred on the pointer, kept inside the player. Decorative:
 * the slider itself says the time to screen readers. Absolutely placed, it moves nothing around it.
 */
export function SeekPreview({ url, time, x, left, right }: { url: string } & SeekHover) {
  const cues = useCues(url);
  const cue = cues ? cueAt(cues, time) : null;
  const scale = cue ? Math.min(1, MAX_WIDTH / cue.width, MAX_HEIGHT / cue.height) : 1;
  const width = cue ? Math.round(cue.width * scale) : CLOCK_WIDTH;
  const at = Math.max(left + EDGE, Math.min(x - width / 2, right - EDGE - width));
  return (
    <div
      aria-hidden="true"
      data-testid="seek-preview"
      style={{
        position: 'absolute',
        bottom: 'calc(100% + 4px)',
        left: at,
        width,
        pointerEvents: 'none',
        borderRadius: 4,
        overflow: 'hidden',
        background: 'rgba(0,0,0,.75)',
        boxShadow: '0 0 0 1px rgba(255,255,255,.35)',
      }}
    >
      {cue && (
        <div style={{ width, height: Math.round(cue.height * scale), overflow: 'hidden' }}>
          <div
            data-seek-cell
            style={{
              width: cue.width,
              height: cue.height,
              backgroundImage: `url(${JSON.stringify(cue.image)})`,
              backgroundPosition: `${-cue.x}px ${-cue.y}px`,
              backgroundRepeat: 'no-repeat',
              transform: scale < 1 ? `scale(${scale})` : undefined,
              transformOrigin: '0 0',
            }}
          />
        </div>
      )}
      <div
        style={{
          color: 'white',
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 'var(--mantine-font-size-xs)',
          lineHeight: 1.6,
          textAlign: 'center',
        }}
      >
        {formatClock(time)}
      </div>
    </div>
  );
}
