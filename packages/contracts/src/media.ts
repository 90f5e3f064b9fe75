import { z } from 'zod';
import { endpoint } from './endpoint';

/** Image kinds and their shapes: squares and profiles 1:1, covers 2:1 (the spec's 8:4), photos bounded. */
export const IMAGE_KINDS = ['squares', 'covers', 'profiles', 'photos'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const MEDIA_STATUSES = ['processing', 'processed', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** Accepted containers (spec §5), as the upload's own bytes reveal them. */
export const AUDIO_FORMATS = ['mp4', 'mp3', 'wav'] as const;
export const VIDEO_FORMATS = ['mp4', 'avi', 'flv'] as const;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif';
export const AUDIO_ACCEPT =
  'audio/mp4,audio/x-m4a,audio/mpeg,audio/mp3,audio/wav,audio/x-wav,audio/wave,.m4a,.mp3,.wav,.mp4';
export const VIDEO_ACCEPT = 'video/mp4,video/x-msvideo,video/avi,video/x-flv,.mp4,.avi,.flv';

export const UploadedImage = z.object({ url: z.string() });

export const UploadedMedia = z.object({
  file: z.string(),
  status: z.enum(MEDIA_STATUSES),
});

export const MediaCheck = UploadedMedia.extend({
  url: z.string().nullable(),
  /** Transcoding progress, 0–100. */
  progress: z.number().int().min(0).max(100),
  duration: z.number().nullable(),
  poster_url: z.string().nullable(),
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
