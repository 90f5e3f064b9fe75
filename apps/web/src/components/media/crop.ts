import { IMAGE_SHAPES, type ImageKind } from '@inkwell/contracts';

/** A rectangle of the picture in its own pixels, as the cropper reports it. */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The shape a kind is cut to (width ÷ height), or null when it keeps its own (photos). */
export function cropAspect(kind: ImageKind): number | null {
  const shape = IMAGE_SHAPES[kind];
  return shape.height ? shape.width / shape.height : null;
}

/** What to draw: the source rectangle (whole pixels inside the picture) and the size of the result. */
export interface CropPlan {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  width: number;
  height: number;
}

/**
 * Turns the cropper's area into what the canvas draws. The area is clamped into the picture (the cropper's
 * rounding can reach a pixel past an edge), and the result is no larger than the server keeps for the kind
 * (sending more only costs the person's data), in exactly the kind's shape.
 */
export function cropPlan(area: Area, natural: { width: number; height: number }, kind: ImageKind): CropPlan {
  const aspect = cropAspect(kind) ?? area.width / area.height;
  const sx = clamp(Math.round(area.x), 0, natural.width - 1);
  const sy = clamp(Math.round(area.y), 0, natural.height - 1);
  const sw = clamp(Math.round(area.width), 1, natural.width - sx);
  const sh = clamp(Math.round(area.height), 1, natural.height - sy);
  const width = Math.max(1, Math.min(sw, IMAGE_SHAPES[kind].width));
  return { sx, sy, sw, sh, width, height: Math.max(1, Math.round(width / aspect)) };
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * Cuts the chosen part out of the picture in the browser and answers it as a file for the usual upload:
 * WebP where the browser can write it (else PNG), at most the size the server keeps. The picture is decoded
 * with its camera orientation applied, as the cropper showed it.
 */
export async function cropToFile(file: File, area: Area, kind: ImageKind): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const plan = cropPlan(area, { width: bitmap.width, height: bitmap.height }, kind);
    const canvas = document.createElement('canvas');
    canvas.width = plan.width;
    canvas.height = plan.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, plan.sx, plan.sy, plan.sw, plan.sh, 0, 0, plan.width, plan.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.92));
    if (!blob) throw new Error('the picture could not be encoded');
    const ext = blob.type === 'image/webp' ? 'webp' : 'png';
    return new File([blob], `${file.name.replace(/\.[^.]*$/, '') || 'picture'}.${ext}`, { type: blob.type });
  } finally {
    bitmap.close();
  }
}
