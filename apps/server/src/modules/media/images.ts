import type { ImageKind } from '@inkwell/contracts';
import sharp from 'sharp';
import { AppError } from '../../platform/errors';

/** Input formats we take; SVG is not among them (it can carry script). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

const SHAPES: Record<ImageKind, { width: number; height?: number }> = {
  squares: { width: 1080, height: 1080 },
  profiles: { width: 512, height: 512 },
  covers: { width: 1600, height: 800 },
  photos: { width: 2048 },
};

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an upload as WebP in the kind's shape, checking the real type from the bytes. Orientation is
 * applied, then every piece of metadata (EXIF, GPS, XMP) is dropped.
 */
export async function processImage(input: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) throw new AppError(415, 'media.not_image');
  const shape = SHAPES[kind];
  const pipeline = sharp(input, { failOn: 'error', limitInputPixels: 80_000_000 }).rotate();
  const resized = shape.height
    ? pipeline.resize(shape.width, shape.height, { fit: 'cover', position: 'attention' })
    : pipeline.resize(shape.width, shape.width, { fit: 'inside', withoutEnlargement: true });
  try {
    const { data, info } = await resized.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new AppError(415, 'media.not_image');
  }
}
