import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Settings chosen by measurement (`npm run bench -- compression`, a 7.8 KB feed page of the demo data): brotli
 * 4 takes about 65 µs of CPU per page and gzip 6 about 45 µs, against 3-4 ms for the whole answer, so the
 * server's CPU per answer grows 2-7% (the ≤ 10% fewer req/s allowed). Brotli 5 sends 11% fewer bytes for
 * about 1.6 times the CPU, too little margin on a slower machine; gzip 9 compresses no better than 6.
 */
export const API_COMPRESSION = {
  /** Below this an answer fits in a packet or two either way; compressing it only costs time. */
  threshold: 1024,
  brotliQuality: 4,
  gzipLevel: 6,
} as const;

/**
 * Compresses answers for clients that accept it: brotli, else gzip. Register it before any route, since
 * it hooks each route as it is added. The built web app's files carry their precompressed siblings
 * (static.ts) and already say `Content-Encoding`, which this plugin leaves alone.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  // Uploads are WebP, JPEG, MP4 and AAC, compressed by their codecs: another pass spends CPU for nothing,
  // and a video's range requests must describe the bytes on disk.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/uploads/')) route.compress = false;
  });
  await app.register(compress, {
    // Fixed so a Node version that adds zstd does not change what browsers get from what was measured.
    encodings: ['br', 'gzip'],
    threshold: API_COMPRESSION.threshold,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: API_COMPRESSION.brotliQuality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: API_COMPRESSION.gzipLevel },
    // No client of ours sends compressed bodies; inflating them would only let a small request grow large.
    globalDecompression: false,
  });
}
