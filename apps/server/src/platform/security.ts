import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { defaultWebDist } from './paths';

/**
 * The web app's own inline scripts (index.html's first-paint script: language, colour scheme and skeleton
 * before the app loads), as CSP hash sources: exactly those may run inline, nothing else.
 */
function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
}

function webInlineScripts(config: Config): string[] {
  const indexFile = path.join(config.webDist ? path.resolve(config.webDist) : defaultWebDist, 'index.html');
  return fs.existsSync(indexFile) ? inlineScriptSources(fs.readFileSync(indexFile, 'utf8')) : [];
}

const SOCIAL_AVATAR_ORIGINS = [
  'https://*.googleusercontent.com',
  'https://avatars.githubusercontent.com',
  'https://graph.facebook.com',
  'https://*.fbsbx.com',
  'https://pbs.twimg.com',
];

/**
 * The headers that only a document (or a worker script) acts on. The build's hashed scripts, styles and fonts
 * go without them (static.ts): over HTTP/1.1 their ~650 bytes went uncompressed with each of the forty-odd
 * files of a first load, for nothing. Those files keep what applies to a subresource: no sniffing, who may
 * embed it, and the referrer a stylesheet's own requests send.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Security headers with a real Content-Security-Policy for the SPA, uploads and media. */
export async function installSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const storageOrigins = [config.s3?.publicUrl, config.s3?.endpoint]
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u).origin);
  // The connected-accounts card shows the picture the provider gave, from the provider's image hosts.
  const avatarOrigins = Object.keys(config.oauth).length > 0 ? SOCIAL_AVATAR_ORIGINS : [];
  const gatewayForms = config.payments.ayapay ? [new URL(config.payments.ayapay.baseUrl).origin] : [];
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...webInlineScripts(config)],
        // Mantine sets inline style attributes and injects its CSS variables.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigins, ...avatarOrigins],
        mediaSrc: ["'self'", 'blob:', ...storageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...storageOrigins],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // AYA Pay's checkout is a form the payer's browser posts to the gateway.
        formAction: ["'self'", ...gatewayForms],
        frameAncestors: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Uploaded media may be embedded by the SPA from another origin in production (S3).
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction ? undefined : false,
  });
  // Built once and applied to every answer: @fastify/helmet builds (and re-checks) the whole policy per request.
  app.addHook('onRequest', (request, reply, done) => headers(request.raw, reply.raw, () => done()));
}
