import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** A public screen whose first paint is its real content: rendered here, once per language. */
export interface PrerenderedPage {
  /** The file name under `dist/prerendered/`: `<name>.<locale>.html`. */
  name: string;
  url: string;
}

const ROOT = '<div id="root">';
/** In `dist-ssr/shell.html`, where the server puts the `<html>` element's attributes and the root's content. */
export const SHELL_ATTRIBUTES = ' data-shell-attributes';
export const SHELL_CONTENT = '<!-- shell content -->';

/**
 * After the client build: renders `src/prerender.tsx` in Node (an SSR build of the same routes and
 * components) for each page and language, and writes each as a copy of the built index.html whose root holds
 * that markup, with brotli and gzip copies. The server answers `/` and `/login` with the copy in the
 * visitor's language (apps/server/src/platform/prerendered.ts); main.tsx hydrates it.
 *
 * The skeleton stays in the copy, outside the root and hidden: the first-paint script shows it instead when the
 * markup does not fit this browser (another language chosen, or a session that the screen would send on).
 */
export function prerender(
  pages: PrerenderedPage[],
  locales: readonly string[],
  define: Record<string, string>,
): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'inkwell-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      // Beside the build, not in it: the server imports it to render signed-in pages; nobody downloads it.
      const ssrDir = path.resolve(config.root, 'dist-ssr');
      await build({
        configFile: false,
        root: config.root,
        logLevel: 'warn',
        plugins: [react()],
        define,
        // Our own source packages are TypeScript: bundled, while the libraries load from node_modules.
        ssr: { noExternal: ['@inkwell/contracts'] },
        build: {
          ssr: 'src/prerender.tsx',
          outDir: ssrDir,
          emptyOutDir: true,
          copyPublicDir: false,
          sourcemap: false,
          minify: false,
        },
      });
      const entry = pathToFileURL(path.join(ssrDir, 'prerender.js')).href;
      const { render } = (await import(entry)) as { render: (url: string, locale: string) => Promise<string> };
      const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const start = template.indexOf(ROOT);
      const end = template.indexOf('</body>');
      if (start < 0 || end < 0) throw new Error('prerender: index.html has no root');
      // The skeleton (the root's content, up to the entry script or the end of the body) moves beside the root.
      const body = template.slice(start + ROOT.length, end);
      const scriptAt = body.lastIndexOf('<script type="module"');
      const skeleton = (scriptAt >= 0 ? body.slice(0, scriptAt) : body).replace(/<\/div>\s*$/, '');
      const after = scriptAt >= 0 ? body.slice(scriptAt) : '';
      const frame = (attributes: string, content: string) =>
        template.slice(0, start).replace('<html lang="en">', `<html${attributes}>`) +
        `<div id="boot" hidden>${skeleton}</div>\n    ${ROOT}${content}\n    ${after}` +
        template.slice(end);
      // The same frame for the server's renders (apps/server/src/platform/rendered.ts).
      fs.writeFileSync(path.join(ssrDir, 'shell.html'), frame(SHELL_ATTRIBUTES, SHELL_CONTENT));
      const target = path.join(outDir, 'prerendered');
      fs.mkdirSync(target, { recursive: true });
      for (const page of pages) {
        for (const locale of locales) {
          const markup = await render(page.url, locale);
          const html = frame(` lang="${locale}" data-prerendered="${locale}"`, `${markup}</div>`);
          const file = path.join(target, `${page.name}.${locale}.html`);
          fs.writeFileSync(file, html);
          fs.writeFileSync(
            `${file}.br`,
            brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
          );
          fs.writeFileSync(`${file}.gz`, gzipSync(html, { level: constants.Z_BEST_COMPRESSION }));
        }
      }
    },
  };
}
