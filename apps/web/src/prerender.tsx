import type { Locale } from '@inkwell/contracts';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/Providers';
import { routes } from './app/router';
import i18n, { loadLocale } from './i18n';

/**
 * The markup of a public screen as a visitor with no session first sees it, rendered at build time
 * (scripts/prerender.mjs) in each language, so the welcome and sign-in screens paint their real content with
 * the HTML, before any script has run. main.tsx hydrates it: the same elements stay, nothing repaints.
 */
export async function render(url: string, locale: Locale): Promise<string> {
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`prerender: ${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  const chunks: Buffer[] = [];
  // Buffers joined before decoding: a Burmese character may be split between two chunks.
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');
  // A screen that failed here would ship its loading fallback as the "content": the build fails instead.
  if (errors.length > 0) throw new AggregateError(errors, `prerender: ${url} (${locale}) failed to render`);
  return html;
}
