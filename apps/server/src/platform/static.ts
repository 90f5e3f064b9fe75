import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';
import { defaultWebDist } from './paths';
import { installPrerendered, PRERENDERED_VARY } from './prerendered';
import { RENDERED_HEADERS, signedInRenderer } from './rendered';
import { DOCUMENT_ONLY_HEADERS } from './security';
import { cacheControlOf } from './storage/storage';

const YEAR_SECONDS = 365 * 24 * 3600;
/**
 * What an immutable file (a hashed script or style, an upload) needs no copy of: it is never revalidated and it is
 * the same whoever asks (the request id); the build's files are not resumed either (uploads keep `accept-ranges`:
 * players seek with ranges). ~150 bytes on each of the 40–80 files of a first visit.
 */
const NEEDLESS_WHEN_IMMUTABLE = ['etag', 'last-modified', 'x-request-id'];

/** Source maps and the build's manifests (`/.vite/`): never served, whatever the environment. */
function isBuildInternal(pathName: string): boolean {
  const decoded = safeDecode(pathName).toLowerCase();
  return decoded.endsWith('.map') || decoded.split('/').includes('.vite');
}

function safeDecode(pathName: string): string {
  try {
    return decodeURIComponent(pathName);
  } catch {
    return pathName;
  }
}

function isLegacyOriginal(root: string, pathName: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathName);
  } catch {
    return true;
  }
  const resolved = path.resolve(root, `.${path.sep}${decoded}`);
  const originals = path.join(root, 'originals');
  return resolved === originals || resolved.startsWith(`${originals}${path.sep}`);
}

/**
 * Serves the built web app (precompressed copies when the browser accepts them, hashed assets cached for a
 * year, index.html never cached, history fallback) and `/uploads` from DATA_DIR. API paths that match nothing
 * answer with the contract's 404.
 */
export async function installStatic(app: FastifyInstance, config: Config): Promise<void> {
  const uploads = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploads,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Uploads are written once (a year, immutable), but for playlists, which a transcode rewrites once.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('cache-control', cacheControlOf(path.relative(uploads, filePath).split(path.sep).join('/')));
    },
    dotfiles: 'deny',
    // Originals kept here before they moved to DATA_DIR/private are never served (decoded as `send` does).
    allowedPath: (pathName) => !isLegacyOriginal(uploads, pathName),
  });

  // After the file's own headers (the plugin sets them after `setHeaders`) and the request id (app.ts).
  app.addHook('onSend', async (request, reply) => {
    if (String(reply.getHeader('cache-control') ?? '').includes('immutable')) {
      for (const name of NEEDLESS_WHEN_IMMUTABLE) reply.removeHeader(name);
      if (request.url.startsWith('/assets/')) reply.removeHeader('accept-ranges');
    }
  });

  const webDist = config.webDist ? path.resolve(config.webDist) : defaultWebDist;
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: ['index.html'],
      wildcard: true,
      // The build writes `.br` and `.gz` beside each text file (vite.config.ts): sent as they are to a
      // browser that accepts them, so nothing is compressed per request.
      preCompressed: true,
      // Our own cache headers below: hashed assets forever, index.html never.
      cacheControl: false,
      // The build's source maps (with every source file in them) and its manifests stay on disk for tools.
      allowedPath: (pathName) => !isBuildInternal(pathName),
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(assetsDir);
        res.setHeader('cache-control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
        // Only files the build wrote under assets/ (the resolved file, not the URL: a page keeps them all).
        // (The plugin hands over Node's response, which its types do not promise: a test checks it.)
        if (hashed && 'removeHeader' in res && typeof res.removeHeader === 'function') {
          for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
        }
        // The same URL answers brotli, gzip or raw bytes: caches must keep them apart.
        res.setHeader(
          'vary',
          filePath.includes(`${path.sep}prerendered${path.sep}`) ? PRERENDERED_VARY : 'accept-encoding',
        );
      },
    });
    installPrerendered(app, webDist);
    // The signed-in home, chat list, Explore, composer and admin dashboard with their content (account and post
    // pages do the same: modules/pages).
    const signedIn = signedInRenderer(app, config.webDist);
    for (const screen of ['/home', '/chats', '/explore', '/compose', '/admin']) {
      app.get(screen, async (request, reply) => {
        const page = await signedIn(request);
        return page === null
          ? reply.sendFile('index.html')
          : reply.headers(RENDERED_HEADERS).type('text/html; charset=utf-8').send(page);
      });
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/uploads/');
    // A built file that is not there (a page open across a deploy asks for the old build's chunk) is a 404, not
    // the page: a script answered with HTML fails as a MIME error the app cannot tell from any other.
    const isBuiltFile = url.startsWith('/assets/') || isBuildInternal(url);
    if (isApi || isBuiltFile || !['GET', 'HEAD'].includes(request.method) || !hasWeb) {
      throw new AppError(404, isApi ? 'errors.route_not_found' : 'errors.not_found');
    }
    // Through the static plugin, so the fallback gets index.html's precompressed copies and headers too.
    return reply.sendFile('index.html');
  });
}
