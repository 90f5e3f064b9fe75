/*
 * Where an audio or video upload's files are stored: together in a folder of their own,
 * `<kind>/<yyyy>/<mm>/<id>/`, under fixed names. The file a post points at (`url`) names the folder, so the
 * post's other files (a video's playlists and thumbnails, audio's low-data copy) are found from it, the way an
 * image's URL leads to its narrower copies, with no lookup. Uploads from before keep `<kind>/<yyyy>/<mm>/<id>.<ext>`
 * and have none.
 */

export const AV_FILES = {
  /** The progressive MP4 old players and `url` play (a copy of the tallest rendition up to 360p). */
  video: 'video.mp4',
  poster: 'poster.jpg',
  master: 'master.m3u8',
  thumbnails: 'thumbnails.vtt',
  thumbnailStrip: 'thumbnails.jpg',
  audio: 'audio.m4a',
  lowData: 'low.webm',
} as const;

const yearMonth = (d: Date) => `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/** The folder of an upload's files (ending in `/`). */
export const avFolder = (kind: 'audio' | 'video', id: string, createdAt: Date): string =>
  `${kind}/${yearMonth(createdAt)}/${id}/`;

/** A rendition's playlist and its fragmented MP4. */
export const renditionFiles = (name: string): string[] => [`${name}.m3u8`, `${name}.mp4`];

const MAIN_FILE = /(?:^|\/)(video|audio)\/\d{4}\/\d{2}\/[0-9a-f]{32}\/(video\.mp4|audio\.m4a)$/;

export interface Companions {
  hls: string | null;
  thumbnails: string | null;
  lowData: string | null;
}

const NONE: Companions = { hls: null, thumbnails: null, lowData: null };

/** The files beside an upload's main file, by its URL (or key): the same kind of address as the one given. */
export function companionsOf(url: string | null | undefined): Companions {
  const match = url ? MAIN_FILE.exec(url) : null;
  if (!url || !match) return NONE;
  const folder = url.slice(0, url.length - match[2]!.length);
  return match[1] === 'video'
    ? { hls: folder + AV_FILES.master, thumbnails: folder + AV_FILES.thumbnails, lowData: null }
    : { hls: null, thumbnails: null, lowData: folder + AV_FILES.lowData };
}
