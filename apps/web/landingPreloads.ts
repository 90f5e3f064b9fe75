import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** A screen people arrive on from outside, and the lazy modules it shows (app/router.tsx: layout and page). */
export interface Landing {
  /** Matched against `location.pathname`. */
  path: RegExp;
  /** Only with a stored session (true) or only without one (false), where the guard would redirect the other. */
  signedIn?: boolean;
  modules: string[];
}

/**
 * Starts the first screen's lazy code at once, side by side with the entry, instead of once the entry has
 * downloaded and run: for the screens people land on (and each language's messages), a small inline script
 * in index.html adds `modulepreload` links for that screen's chunks and their imports, and preloads their
 * styles. Other screens load as before. The file lists come from this build, so they cannot go stale; a module
 * named here that is not a lazy chunk of the build fails it.
 */
const PLACEHOLDER = '<!-- landing preloads -->';

export function landingPreloads(landings: Landing[], locales: Record<string, string>): Plugin {
  let root = '';
  return {
    name: 'inkwell-landing-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        if (!html.includes(PLACEHOLDER)) throw new Error(`landingPreloads: index.html has no ${PLACEHOLDER}`);
        const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (fileName: string, into = new Set<string>()): Set<string> => {
          const chunk = byFile.get(fileName);
          if (!chunk || into.has(fileName)) return into;
          into.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((css) => into.add(css));
          chunk.imports.forEach((imported) => closure(imported, into));
          return into;
        };
        const entry = new Set<string>();
        chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => closure(chunk.fileName, entry));
        const filesOf = (modules: string[]): string[] => {
          const files = new Set<string>();
          for (const module of modules) {
            const chunk = chunks.find(
              (c) => c.isDynamicEntry && c.facadeModuleId && path.relative(root, c.facadeModuleId) === module,
            );
            if (!chunk) throw new Error(`landingPreloads: ${module} is not a lazy chunk of this build`);
            closure(chunk.fileName, files);
          }
          return [...files].filter((file) => !entry.has(file));
        };
        const routes = landings.map((landing) => [
          landing.path.source,
          landing.signedIn ?? null,
          filesOf(landing.modules),
        ]);
        const messages = Object.fromEntries(Object.entries(locales).map(([lang, module]) => [lang, filesOf([module])]));
        const code = `(function () {
  var d = document, stored = {};
  try {
    stored.session = localStorage.getItem('inkwell.session');
    stored.locale = localStorage.getItem('inkwell.locale');
  } catch (e) {}
  function preload(file) {
    var link = d.createElement('link');
    if (/\\.css$/.test(file)) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = '/' + file;
    d.head.appendChild(link);
  }
  var messages = ${JSON.stringify(messages)}, routes = ${JSON.stringify(routes)};
  (messages[stored.locale] || messages.en).forEach(preload);
  for (var i = 0; i < routes.length; i++) {
    var session = routes[i][1];
    if (new RegExp(routes[i][0]).test(location.pathname) && (session === null || !!stored.session === session)) {
      routes[i][2].forEach(preload);
      break;
    }
  }
})();`;
        // Where index.html asks for it: before the stylesheets, which a later script would wait for.
        return html.replace(PLACEHOLDER, `<script>\n${code}\n</script>`);
      },
    },
  };
}
