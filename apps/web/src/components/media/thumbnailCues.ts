/**
 * A video's seek-bar thumbnails as the server writes them (apps/server/src/platform/media/hls.ts, `thumbnailsVtt`):
 * WebVTT cues whose text is the strip image with the part of it for that time (`thumbnails.jpg#xywh=x,y,w,h`).
 */
export interface ThumbnailCue {
  start: number;
  end: number;
  /** The strip's absolute address. */
  image: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Seconds of a WebVTT timestamp (`hh:mm:ss.mmm`, or `mm:ss.mmm` under an hour); NaN when it is not one. */
export function cueSeconds(stamp: string): number {
  const m = /^(?:(\d+):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(stamp.trim());
  if (!m) return NaN;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/** The part of an image a media fragment names (`#xywh=10,0,160,90`, or `#xywh=pixel:…`); percentages are not read. */
function fragmentRect(fragment: string): Pick<ThumbnailCue, 'x' | 'y' | 'width' | 'height'> | null {
  const m = /(?:^|&)xywh=(?:pixel:)?(\d+),(\d+),(\d+),(\d+)(?:&|$)/.exec(fragment);
  if (!m) return null;
  const [x, y, width, height] = m.slice(1).map(Number) as [number, number, number, number];
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/**
 * The cues of a thumbnails file fetched from `vttUrl`, in their order. Each image is resolved against the file's
 * own address as a browser would (`new URL`): a name beside it (`thumbnails.jpg`) takes its folder but not its
 * query, so a members-only file's signature is never handed to an image it was not made for; the server names
 * such a file's strip by its own signed address, query and all, which is kept as it is.
 */
export function parseThumbnails(vtt: string, vttUrl: string): ThumbnailCue[] {
  const base = new URL(vttUrl, globalThis.location?.href);
  const lines = vtt.split(/\r\n|\r|\n/);
  const cues: ThumbnailCue[] = [];
  for (let i = 0; i < lines.length; i++) {
    const timing = /^\s*(\S+)\s+-->\s+(\S+)/.exec(lines[i]!);
    if (!timing) continue;
    const start = cueSeconds(timing[1]!);
    const end = cueSeconds(timing[2]!);
    const text = lines[i + 1]?.trim();
    if (!text || !(end > start)) continue;
    const hash = text.indexOf('#');
    const rect = hash > 0 ? fragmentRect(text.slice(hash + 1)) : null;
    if (!rect) continue;
    try {
      cues.push({ start, end, image: new URL(text.slice(0, hash), base).href, ...rect });
    } catch {
      // Not an address: that moment has no thumbnail.
    }
  }
  return cues;
}

/** The cue showing at `time`: the last one past the end, none before the first or in a gap. */
export function cueAt(cues: readonly ThumbnailCue[], time: number): ThumbnailCue | null {
  const last = cues.at(-1);
  if (last && time >= last.end) return last;
  return cues.find((cue) => time >= cue.start && time < cue.end) ?? null;
}
