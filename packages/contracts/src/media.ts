import { z } from 'zod';
import { endpoint } from './endpoint';

/** Image kinds and their shapes: squares and profiles 1:1, covers 2:1 (the spec's 8:4), photos bounded. */
export const IMAGE_KINDS = ['squares', 'covers', 'profiles', 'photos'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/**
 * The size each kind is stored at: a fixed shape (cut to it on the server; the web app lets the person
 * choose the part first) or, for photos, only a bound on the long edge, keeping the photo's own shape.
 */
export const IMAGE_SHAPES: Record<ImageKind, { width: number; height?: number }> = {
  squares: { width: 1080, height: 1080 },
  profiles: { width: 512, height: 512 },
  covers: { width: 1600, height: 800 },
  photos: { width: 2048 },
};

export const MEDIA_STATUSES = ['processing', 'processed', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** Accepted containers (spec §5), as the upload's own bytes reveal them. */
export const AUDIO_FORMATS = ['mp4', 'mp3', 'wav'] as const;
export const VIDEO_FORMATS = ['mp4', 'avi', 'flv'] as const;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif';
export const AUDIO_ACCEPT =
  'audio/mp4,audio/x-m4a,audio/mpeg,audio/mp3,audio/wav,audio/x-wav,audio/wave,.m4a,.mp3,.wav,.mp4';
export const VIDEO_ACCEPT = 'video/mp4,video/x-msvideo,video/avi,video/x-flv,.mp4,.avi,.flv';

/**
 * The narrower copies each kind is also stored at (WebP, beside the image) for `srcset`, only those narrower
 * than the image itself. An image's URL says its size (`<id>-<width>x<height>.webp`) and so which copies it
 * has: changing a list would point older images at copies they lack, so a new list needs a new name pattern.
 */
export const IMAGE_VARIANT_WIDTHS: Record<ImageKind, readonly number[]> = {
  squares: [480, 960],
  covers: [480, 960],
  // Avatars are shown at 26–88 px.
  profiles: [128, 256],
  photos: [480, 960, 1440],
};

/** Widths of the copies an image of this kind and width has. */
export const imageVariantWidths = (kind: ImageKind, width: number): number[] =>
  IMAGE_VARIANT_WIDTHS[kind].filter((w) => w < width);

/** The base name (no extension) an image is stored under: its size is part of it. */
export const sizedImageName = (id: string, width: number, height: number): string => `${id}-${width}x${height}`;

/** Where the copy `width` px wide of an image lives (works on a storage key or a URL alike). */
export const imageVariantUrl = (url: string, width: number): string => url.replace(/\.webp$/, `-${width}w.webp`);

export interface ImageInfo {
  kind: ImageKind;
  width: number;
  height: number;
  /** The narrower copies that exist, ascending. */
  widths: number[];
}

const SIZED_IMAGE =
  /(?:^|\/)images\/(squares|covers|profiles|photos)\/(?:[\w-]+\/)*[0-9a-f]+-(\d{1,5})x(\d{1,5})\.webp$/;

/**
 * What one of our image URLs (or storage keys) says about the image: kind, intrinsic size and copies. Null
 * for images stored before sizes were named (`<id>.webp`, no copies) and for anything that is not ours.
 */
export function imageInfo(url: string | null | undefined): ImageInfo | null {
  const m = url ? SIZED_IMAGE.exec(url) : null;
  if (!m) return null;
  const kind = m[1] as ImageKind;
  const width = Number(m[2]);
  return { kind, width, height: Number(m[3]), widths: imageVariantWidths(kind, width) };
}

/** The `srcset` of an image with copies (the copies and the image itself), undefined without copies. */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  const info = imageInfo(url);
  if (!url || !info || info.widths.length === 0) return undefined;
  return [...info.widths.map((w) => `${imageVariantUrl(url, w)} ${w}w`), `${url} ${info.width}w`].join(', ');
}

/** An uploaded image: its URL, intrinsic size and the widths of its narrower copies. */
export const UploadedImage = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  widths: z.array(z.number().int()),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

export const UploadedMedia = z.object({
  file: z.string(),
  status: z.enum(MEDIA_STATUSES),
});

export const MediaCheck = UploadedMedia.extend({
  /** The playable file once `processed`: a video's progressive MP4 (at most 360p), audio's AAC M4A. */
  url: z.string().nullable(),
  /** Transcoding progress, 0–100: a video is `processed` (playable) before it ends, while its top renditions are made. */
  progress: z.number().int().min(0).max(100),
  duration: z.number().nullable(),
  poster_url: z.string().nullable(),
  /**
   * A video's HLS master playlist (H.264/AAC renditions from 144p up to the source, 1080p where the plan allows):
   * set once the first renditions are stored (`processed`), listing more when `progress` reaches 100.
   */
  hls_url: z.string().nullable(),
  /** A video's seek-bar thumbnails: WebVTT cues pointing into one strip image (`strip.jpg#xywh=x,y,w,h`). */
  thumbnails_url: z.string().nullable(),
  /** Audio's low-data copy: Opus at 32 kbps in WebM (`url` is AAC at 96 kbps). */
  low_data_url: z.string().nullable(),
  /** Why processing failed, in the asker's language. */
  error: z.string().nullable(),
});
export type MediaCheck = z.infer<typeof MediaCheck>;

const tags = ['Media'] as const;

export const mediaApi = {
  uploadImage: endpoint({
    method: 'POST',
    path: '/upload',
    multipart: true,
    response: UploadedImage,
    summary: 'Upload an image (multipart: `type` then `url`, the file); re-encoded and stripped of metadata',
    tags,
  }),
  uploadAudio: endpoint({
    method: 'POST',
    path: '/upload/audio',
    multipart: true,
    response: UploadedMedia,
    status: 202,
    summary: 'Upload audio (mp4, mp3, wav; multipart `file`); transcoded in the background',
    tags,
  }),
  uploadVideo: endpoint({
    method: 'POST',
    path: '/upload/video',
    multipart: true,
    response: UploadedMedia,
    status: 202,
    summary: 'Upload video (mp4, avi, flv; multipart `file`); transcoded in the background',
    tags,
  }),
  check: endpoint({
    method: 'GET',
    path: '/upload/check',
    query: z.object({ file: z.string().trim().min(1).max(64) }),
    response: MediaCheck,
    summary: 'Status, progress and URL of one of my audio or video uploads',
    tags,
  }),
} as const;

/*
 * Resumable uploads (tus 1.0: creation, termination, expiration). `POST {TUS_PATH}` with `Upload-Length` and
 * `Upload-Metadata` (`kind`: an image kind, `audio` or `video`; `filename`) creates an upload; `HEAD` and `PATCH`
 * on the `Location` it answers resume it; `DELETE` drops it. Bearer auth on every request; an upload is its
 * creator's alone. The last `PATCH` answers, as JSON, what the multipart routes answer: an image's
 * `UploadedImage`, an audio's or video's `UploadedMedia`. Unfinished uploads expire a day after their last byte.
 * For a day after it finished, `HEAD` on a finished upload answers its whole length as the offset and `GET` answers
 * that JSON again, for a client whose last `PATCH` answer was lost.
 */
export const TUS_PATH = '/uploads/tus';
export const TUS_KINDS = [...IMAGE_KINDS, 'audio', 'video'] as const;
export type TusKind = (typeof TUS_KINDS)[number];
/** Chunk size the web app sends: small enough that a drop on a slow link loses little, large enough to be quick. */
export const TUS_CHUNK_BYTES = 1024 * 1024;
/** An unfinished upload is removed this long after it was last written to. */
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;
/**
 * Unfinished uploads one person may hold at once (refused with 429 past it). Their declared sizes count against the
 * storage quota from the start, so many uploads that each fit cannot together take more than it; the cap bounds
 * what opened-and-abandoned uploads hold on the server until they expire, while leaving room for a few files at once.
 */
export const TUS_MAX_OPEN = 5;
export const TusFinished = z.union([UploadedImage, UploadedMedia]);
export type TusFinished = z.infer<typeof TusFinished>;
