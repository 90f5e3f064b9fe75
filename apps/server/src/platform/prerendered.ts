import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '@inkwell/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The screens the web build prerenders (apps/web/prerender.ts), by path: `<name>.<locale>.html`. */
const PRERENDERED: Record<string, string> = { '/': 'welcome', '/login': 'login' };
/** The same URL answers in three languages, each brotli, gzip or raw: caches must keep them apart. */
export const PRERENDERED_VARY = 'accept-encoding, accept-language, cookie';

const isLocale = (value: string | undefined): value is Locale =>
  value !== undefined && (LOCALES as readonly string[]).includes(value);

/**
 * The language a visitor's prerendered screen is sent in: the one they chose on this device (the web app keeps
 * it in a cookie as well as in local storage), else the first of their browser's languages Inkwell speaks, as
 * the web app itself picks it (session.ts `browserLocale`). A wrong guess costs nothing but the prerendering:
 * the page then shows the skeleton until the app has rendered in the right language.
 */
export function prerenderedLocale(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  const chosen = /(?:^|;\s*)inkwell\.locale=([a-z]{2})(?:;|$)/.exec(cookie ?? '')?.[1];
  if (isLocale(chosen)) return chosen;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(/^\s*q=([0-9.]+)\s*$/.exec(params.find((p) => /^\s*q=/.test(p)) ?? '')?.[1] ?? 1);
      return { base: tag.toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLocale) ?? 'en';
}

/**
 * Answers the prerendered screens' paths with the copy in the visitor's language (its brotli or gzip copy when
 * accepted, through the static plugin). A build without them, or a path with a query the screen reads (none
 * today), falls through to index.html as before.
 */
export function installPrerendered(app: FastifyInstance, webDist: string): void {
  const available = Object.fromEntries(
    Object.entries(PRERENDERED).filter(([, name]) =>
      LOCALES.every((locale) => fs.existsSync(path.join(webDist, 'prerendered', `${name}.${locale}.html`))),
    ),
  );
  const send = (name: string) => (request: FastifyRequest, reply: FastifyReply) => {
    const locale = prerenderedLocale(request.headers.cookie, request.headers['accept-language']);
    return reply.sendFile(`prerendered/${name}.${locale}.html`);
  };
  for (const [url, name] of Object.entries(available)) app.get(url, send(name));
}
