import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/**
 * The app's icons, drawn at build time from the one logo (public/favicon.svg), so the installed app, its
 * notifications and the browsers that want PNGs all show the same mark: 192 and 512 px, a maskable 512 px
 * (the mark inside the safe zone on the ink-blue field), and a white status-bar badge.
 */
export function appIcons(): Plugin {
  return {
    name: 'inkwell-app-icons',
    apply: 'build',
    async generateBundle() {
      const svg = fs.readFileSync(path.join(import.meta.dirname, 'public', 'favicon.svg'));
      const png = (size: number) =>
        sharp(svg, { density: 72 * (size / 64) })
          .resize(size, size)
          .png()
          .toBuffer();
      const mark = await sharp(svg, { density: 72 * (320 / 64) })
        .resize(320, 320)
        .png()
        .toBuffer();
      const maskable = await sharp({
        create: { width: 512, height: 512, channels: 4, background: '#3b4bc8' },
      })
        .composite([{ input: mark, gravity: 'center' }])
        .png()
        .toBuffer();
      // The badge is a silhouette: phones draw it in one colour from its alpha.
      const drop = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="M32 6C32 6 12 29 12 41a20 20 0 0 0 40 0C52 29 32 6 32 6z" fill="#fff"/></svg>',
      );
      const badge = await sharp(drop, { density: 72 * (72 / 64) })
        .resize(72, 72)
        .png()
        .toBuffer();
      const files: [string, Buffer][] = [
        ['icons/icon-192.png', await png(192)],
        ['icons/icon-512.png', await png(512)],
        ['icons/icon-maskable-512.png', maskable],
        ['icons/badge-72.png', badge],
        ['apple-touch-icon.png', await png(180)],
      ];
      for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
