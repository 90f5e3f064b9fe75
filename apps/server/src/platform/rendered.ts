import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DATA_SAVER_COOKIE, RENDER_COOKIE, type Locale, type SessionUser } from '@inkwell/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { webIndexFile } from './paths';
import { prerenderedLocale } from './prerendered';

/** What the web build's server entry (apps/web/src/prerender.tsx) answers: see `renderSignedIn` there. */
interface Renderer {
  renderSignedIn(
    url: string,
    locale: Locale,
    user: SessionUser,
    read: (url: string) => Promise<Response>,
  ): Promise<{ html: string; state: unknown; userId: number; drawnAt: number } | null>;
}

/** Where the web build writes the frame and the markup and attributes that go into it (apps/web/prerender.ts). */
const SHELL_ATTRIBUTES = ' data-shell-attributes';
const SHELL_CONTENT = '<!-- shell content -->';
/** A token as the web app holds it (tokens.ts `newToken`: 32 bytes, base64url); anything else is not read. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** One cookie's raw value from a `Cookie` header (our names hold a dot, matched as itself). */
const cookieValue = (cookie: string | undefined, name: string): string | undefined =>
  new RegExp(`(?:^|;\\s*)${name.replace('.', '\\.')}=([^;]*)`).exec(cookie ?? '')?.[1];

/** The reader saves data (DATA_SAVER_COOKIE, else the browser's `Save-Data`): no page drawn with every copy. */
export function savesData(cookie: string | undefined, saveData: string | string[] | undefined): boolean {
  const choice = cookieValue(cookie, DATA_SAVER_COOKIE);
  if (choice) return choice === 'on';
  return String(saveData ?? '').toLowerCase() === 'on';
}

export function renderCookie(cookie: string | undefined): string | undefined {
  const value = cookieValue(cookie, RENDER_COOKIE);
  return value && TOKEN_SHAPE.test(value) ? value : undefined;
}

/** JSON inside `<script type="application/json">`: nothing in it may close the element or open a comment. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The headers of a page rendered for one reader: nobody may keep it, and the same URL answers others apart. */
export const RENDERED_HEADERS = {
  'cache-control': 'private, no-store',
  vary: 'accept-encoding, accept-language, cookie',
} as const;

export type SignedInRenderer = (request: FastifyRequest) => Promise<string | null>;

const renderers = new Map<string, SignedInRenderer>();

/**
 * The signed-in home, account and post pages with their content in the document, for a reader whose render
 * cookie (the web app's own token, sent only with these paths) is a live session: drawn by the web app's code
 * from the same API answers the app would fetch, read as that reader through `inject` (each through its
 * route's own checks), which the page carries for the app to keep. Null for everyone else and on any failure:
 * the caller sends the plain page as before. The cookie never authenticates the API (only the Authorization
 * header does); a rendered page goes with `RENDERED_HEADERS`.
 */
export function signedInRenderer(app: FastifyInstance, webDist: string | undefined): SignedInRenderer {
  const dist = path.dirname(webIndexFile(webDist));
  const known = renderers.get(dist);
  if (known) return known;
  const ssrDir = path.join(dist, '..', 'dist-ssr');
  const shellFile = path.join(ssrDir, 'shell.html');
  const entry = path.join(ssrDir, 'prerender.js');
  const available = fs.existsSync(shellFile) && fs.existsSync(entry);
  const shell = available ? fs.readFileSync(shellFile, 'utf8') : '';
  let renderer: Promise<Renderer> | undefined;

  async function render(request: FastifyRequest, token: string): Promise<string | null> {
    const locale = prerenderedLocale(request.headers.cookie, request.headers['accept-language']);
    const read = async (url: string): Promise<Response> => {
      if (!url.startsWith('/api/')) throw new Error(`rendered: ${url} is not an API read`);
      const answer = await app.inject({
        method: 'GET',
        url,
        remoteAddress: request.ip,
        headers: { accept: 'application/json', 'accept-language': locale, authorization: `Bearer ${token}` },
      });
      return new Response(answer.statusCode === 204 ? null : answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };
    const me = await read('/api/user');
    if (!me.ok) return null;
    const user = ((await me.json()) as { data: SessionUser }).data;
    renderer ??= import(pathToFileURL(entry).href) as Promise<Renderer>;
    const page = await (await renderer).renderSignedIn(request.url, locale, user, read);
    if (!page) return null;
    return shell
      .replace(
        SHELL_ATTRIBUTES,
        ` lang="${locale}" data-prerendered="${locale}" data-rendered-for="${page.userId}" data-drawn-at="${Math.trunc(page.drawnAt)}"`,
      )
      .replace(
        SHELL_CONTENT,
        () =>
          `${page.html}</div>\n    <script type="application/json" id="rendered-state">${scriptJson(page.state)}</script>`,
      );
  }

  const signedIn: SignedInRenderer = async (request) => {
    const token = available && request.method === 'GET' ? renderCookie(request.headers.cookie) : undefined;
    if (!token || savesData(request.headers.cookie, request.headers['save-data'])) return null;
    return render(request, token).catch((error: unknown) => {
      request.log.error({ err: error }, 'rendering a signed-in page failed: the plain page went instead');
      return null;
    });
  };
  renderers.set(dist, signedIn);
  return signedIn;
}
