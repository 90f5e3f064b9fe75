import type { ImageKind } from '@inkwell/contracts';
import sharp from 'sharp';
import type { AppContext } from '../../platform/context';
import { storeImage } from '../../modules/media';

/**
 * A picture drawn here (gradient, shapes and a caption), run through the real image pipeline, so the demo's
 * images have their narrower copies and sizes like any upload. Answers its URL.
 */
export async function picture(
  ctx: AppContext,
  userId: number,
  kind: ImageKind,
  caption: string,
  hue: number,
): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,35%)"/>
    </linearGradient></defs>
    <rect width="1600" height="800" fill="url(#g)"/>
    <circle cx="1250" cy="220" r="140" fill="rgba(255,255,255,.25)"/>
    <path d="M0 640 Q400 520 800 640 T1600 620 V800 H0Z" fill="rgba(0,0,0,.25)"/>
    <text x="80" y="720" font-family="sans-serif" font-size="72" font-weight="700" fill="#fff">${caption}</text>
  </svg>`;
  return (await storeImage(ctx, userId, await sharp(Buffer.from(svg)).png().toBuffer(), kind)).url;
}

/** A profile picture: initials on a gradient. */
export async function avatarPicture(ctx: AppContext, userId: number, initials: string, hue: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},65%,50%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,30%)"/>
    </linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>
    <text x="256" y="330" text-anchor="middle" font-family="sans-serif" font-size="220" font-weight="700"
      fill="#fff">${initials}</text>
  </svg>`;
  return (await storeImage(ctx, userId, await sharp(Buffer.from(svg)).png().toBuffer(), 'profiles')).url;
}
