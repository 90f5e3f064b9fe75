import fs from 'node:fs';
import { accountPath, postIdFromShortCode, postPath } from '@inkwell/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { webIndexFile } from '../../platform/paths';
import { guestReadLimit, rateLimit } from '../../platform/rate-limit';
import { signedInRenderer, RENDERED_HEADERS } from '../../platform/rendered';
import { plainText } from '../../platform/sanitize';
import { absolute, escapeHtml, renderPage, shorten, type PageMeta } from './meta';
import * as repo from './pages.repo';

/** A title short enough for a preview card, from a post's opening words when it has no title of its own. */
const TITLE_CHARS = 70;

function postMeta(post: repo.PreviewPost, publicUrl: string): PageMeta {
  const text = post.content ? (post.type === 'post' ? plainText(post.content) : post.content) : '';
  const [picture, alt] =
    post.type === 'gallery'
      ? [post.photos[0]?.url ?? null, post.photos[0]?.alt]
      : post.type === 'audio' || post.type === 'video'
        ? [post.featured_photo_url, post.featured_photo_alt]
        : [post.url, post.featured_photo_alt];
  return {
    title: post.title ?? (text ? shorten(text, TITLE_CHARS) : post.account_name),
    description: shorten(text || post.title || `${post.account_name} (@${post.account_username})`),
    canonical: new URL(postPath(post.slug), publicUrl).href,
    // A locked post's preview is a status whose only picture is its blurred cover.
    image: absolute(picture ?? post.featured_photo_url ?? post.account_profile_url, publicUrl),
    // Only the post's own picture's description: a profile picture standing in has none.
    imageAlt: picture ? alt || null : null,
    type: 'article',
  };
}

function accountMeta(account: repo.PreviewAccount, publicUrl: string): PageMeta {
  return {
    title: `${account.name} (@${account.username})`,
    description: shorten(account.description || account.name),
    canonical: new URL(accountPath(account.username), publicUrl).href,
    image: absolute(account.profile_url ?? account.banner_url, publicUrl),
    imageAlt: null,
    type: 'profile',
  };
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;

/**
 * Public pages served with the web app: a post's and an account's page answer with their own title and preview
 * tags (what Messenger, Viber, Telegram or Facebook show for a shared link; the app then renders as usual),
 * short post links redirect to the readable address, and robots.txt and the sitemap point crawlers at them.
 * Only what a guest may see is described; anything else answers the app's not-found page with a 404.
 */
export function pagesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const publicUrl = ctx.config.publicUrl;
  const indexFile = webIndexFile(ctx.config.webDist);
  let indexHtml: string | undefined;
  /** Read once: the built app does not change while the server runs. */
  const shell = (): string => {
    if (indexHtml === undefined) {
      // Without a built web app (API-only runs) these paths are as unknown as any other.
      if (!fs.existsSync(indexFile)) throw notFound();
      indexHtml = fs.readFileSync(indexFile, 'utf8');
    }
    return indexHtml;
  };
  const limit = rateLimit(app, guestReadLimit, ctx.config.rateLimitScale);
  const options = { schema: { hide: true }, preHandler: async (request: FastifyRequest) => limit(request) };

  const html = (reply: FastifyReply, status: number, body: string, headers: object = { 'cache-control': 'no-cache' }) =>
    reply.code(status).type('text/html; charset=utf-8').headers(headers).send(body);
  /** The app itself, which shows its not-found screen for the path; the status tells crawlers. */
  const missing = (reply: FastifyReply) => html(reply, 404, shell());

  const signedIn = signedInRenderer(app, ctx.config.webDist);
  app.get<{ Params: { slug: string } }>('/posts/:slug', options, async (request, reply) => {
    const page = shell();
    const slug = request.params.slug;
    const post = slug.length <= 200 && !slug.includes('\0') ? await repo.publicPost(ctx.db, slug) : undefined;
    if (!post) return missing(reply);
    // A signed-in reader's page comes with the post and its comments, drawn for them (platform/rendered.ts).
    const rendered = await signedIn(request);
    const meta = postMeta(post, publicUrl);
    if (rendered === null) return html(reply, 200, renderPage(page, meta));
    return html(reply, 200, renderPage(rendered, meta), RENDERED_HEADERS);
  });
  app.get<{ Params: { username: string } }>('/a/:username', options, async (request, reply) => {
    const page = shell();
    const username = request.params.username;
    const account = /^[a-z0-9_.]{1,30}$/i.test(username) ? await repo.publicAccount(ctx.db, username) : undefined;
    if (!account) return missing(reply);
    // A signed-in reader's page comes with its content, drawn for them (platform/rendered.ts).
    const rendered = await signedIn(request);
    const meta = accountMeta(account, publicUrl);
    if (rendered === null) return html(reply, 200, renderPage(page, meta));
    return html(reply, 200, renderPage(rendered, meta), RENDERED_HEADERS);
  });

  app.get<{ Params: { code: string } }>('/p/:code', options, async (request, reply) => {
    const id = postIdFromShortCode(request.params.code);
    const slug = id ? await repo.publicSlug(ctx.db, id) : undefined;
    if (!slug) return missing(reply);
    // A post's slug never changes, so the redirect may be kept.
    return reply.redirect(postPath(slug), 301);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(
        [
          'User-agent: *',
          'Disallow: /api/',
          'Disallow: /admin',
          'Disallow: /dev/',
          'Disallow: /checkout/',
          'Allow: /',
          `Sitemap: ${new URL('/sitemap.xml', publicUrl).href}`,
          '',
        ].join('\n'),
      ),
  );

  const sitemapFile = (kind: repo.SitemapKind, block: number) =>
    new URL(`/sitemaps/${kind}-${block}.xml`, publicUrl).href;
  const sendXml = (reply: FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml(body));

  app.get('/sitemap.xml', options, async (_request, reply) => {
    const counts = await repo.blockCounts(ctx.db);
    const files = (['accounts', 'posts'] as const).flatMap((kind) =>
      Array.from({ length: counts[kind] }, (_, block) => sitemapFile(kind, block)),
    );
    return sendXml(
      reply,
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
        .map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`)
        .join('\n')}\n</sitemapindex>`,
    );
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', options, async (request, reply) => {
    const match = /^(accounts|posts)-(\d{1,4})\.xml$/.exec(request.params.file);
    const kind = match?.[1] as repo.SitemapKind | undefined;
    const block = Number(match?.[2]);
    if (!kind || !(block < (await repo.blockCounts(ctx.db))[kind])) throw notFound();
    const entries = await repo.sitemapBlock(ctx.db, kind, block);
    const path = kind === 'posts' ? postPath : accountPath;
    return sendXml(
      reply,
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
        .map(
          (e) =>
            `  <url><loc>${escapeHtml(new URL(path(e.key), publicUrl).href)}</loc><lastmod>${e.updated_at}</lastmod></url>`,
        )
        .join('\n')}\n</urlset>`,
    );
  });
}
