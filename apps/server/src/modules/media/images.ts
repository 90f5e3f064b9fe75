import { IMAGE_SHAPES, imageInfo, imageVariantUrl, imageVariantWidths, type ImageKind } from '@inkwell/contracts';
import sharp from 'sharp';
import { AppError } from '../../platform/errors';

/** Input formats we take; SVG is not among them (it can carry script). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** The image in its kind's shape, and its narrower copies (ascending) for `srcset`. */
export interface ProcessedImage extends EncodedImage {
  variants: EncodedImage[];
}

const WEBP = { quality: 82 };

/**
 * Re-encodes an upload as WebP in the kind's shape, checking the real type from the bytes, with a copy at
 * each of the kind's variant widths narrower than the result (never enlarged). Orientation is applied, then
 * every piece of metadata (EXIF, GPS, XMP) is dropped.
 */
export async function processImage(input: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) throw new AppError(415, 'media.not_image');
  const shape = IMAGE_SHAPES[kind];
  const pipeline = sharp(input, { failOn: 'error', limitInputPixels: 80_000_000 }).rotate();
  const resized = shape.height
    ? pipeline.resize(shape.width, shape.height, { fit: 'cover', position: 'attention' })
    : pipeline.resize(shape.width, shape.width, { fit: 'inside', withoutEnlargement: true });
  try {
    // Decoded and shaped once; the image and each copy are encoded from the same pixels (no double loss).
    const { data: pixels, info } = await resized.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const encode = async (width?: number): Promise<EncodedImage> => {
      const image = width ? sharp(pixels, raw).resize(width) : sharp(pixels, raw);
      const { data, info: out } = await image.webp(WEBP).toBuffer({ resolveWithObject: true });
      return { data, width: out.width, height: out.height };
    };
    const [main, ...variants] = await Promise.all([
      encode(),
      ...imageVariantWidths(kind, info.width).map((width) => encode(width)),
    ]);
    return { ...main!, variants };
  } catch {
    throw new AppError(415, 'media.not_image');
  }
}

/** A stored file's key with its copies' keys beside it (only images named with their size have copies). */
export const withVariantKeys = (key: string): string[] => [
  key,
  ...(imageInfo(key)?.widths ?? []).map((width) => imageVariantUrl(key, width)),
];
