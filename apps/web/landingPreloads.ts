import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** A screen people arrive on from outside, and the lazy modules it shows (app/router.tsx: layout and page). */
export interface Landing {
  /** Matched against `location.pathname`. */
  path: RegExp;
  /** Only with a stored session (true) or only without one (false), where the guard would redirect the other. */
  signedIn?: boolean;
  modules: string[];
  /**
   * The screen's first API reads, started by index.html before the app has loaded (a JavaScript statement with
   * `m`, the path's match, `q`, its query, and `get(url)`, which starts one and answers its response); the app
   * takes them by URL (src/api/early.ts), so each must be the exact URL the screen's query asks for.
   */
  api?: string;
}

/**
 * Starts the first screen's lazy code at once, side by side with the entry, instead of once the entry has
 * downloaded and run: for the screens people land on (and each language's messages), a small inline script
 * in index.html adds `modulepreload` links for that screen's chunks and their imports, and preloads their
 * styles. Other screens load as before. The file lists come from this build, so they cannot go stale; a module
 * named here that is not a lazy chunk of the build fails it.
 */
const PLACEHOLDER = '<!-- landing preloads -->';
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/[^"]+\.css">/g;
const ENTRY_TAGS =
  /\s*<script type="module" crossorigin src="[^"]+"><\/script>|\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;

/** What this build's chunks are made of: for each lazy module, the files it needs beyond the entry's. */
function bundleFiles(bundle: Rolldown.OutputBundle, root: string) {
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
  return (modules: string[]): string[] => {
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
}

/** What the preload script is given: the screens (pattern, session, files), each language's, and the entry's. */
interface PreloadParts {
  routes: [string, boolean | null, string[]][];
  messages: Record<string, string[]>;
  entryScript: string;
  entryPreloads: string[];
}

/**
 * The inline script that starts, once the page has painted, the first screen's reads (each landing's `api`,
 * as a function of `m`, `q` and `get`), then the entry, then the screen's and the language's files.
 */
function preloadScript(landings: Landing[], parts: PreloadParts): string {
  const reads = landings.map((landing) => (landing.api ? `function (m, q, get) {\n${landing.api}\n  }` : 'null'));
  return `(function () {
  var d = document, stored = {};
  try {
    stored.session = localStorage.getItem('inkwell.session');
    stored.locale = localStorage.getItem('inkwell.locale');
  } catch (e) {}
  var reads = [${reads.join(', ')}];
  function get(url) {
    var token = JSON.parse(stored.session).token;
    var response = fetch(url, {
      headers: { accept: 'application/json', 'accept-language': d.documentElement.lang, authorization: 'Bearer ' + token },
    });
    (window.__inkwellEarly = window.__inkwellEarly || {})[url] = { token: token, response: response };
    return response;
  }
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
  var messages = ${JSON.stringify(parts.messages)}, routes = ${JSON.stringify(parts.routes)};
  var entry = ${JSON.stringify(parts.entryScript)}, entryImports = ${JSON.stringify(parts.entryPreloads)}, started = false;
  function start() {
    if (started) return;
    started = true;
    // The first screen's reads first (its data is the longest wait), then the entry, then the preloads: the
    // last in small batches, one task each, because each link costs the main thread a little (about 3 ms on a
    // slow phone) and forty of them in one go were one long task that a tap had to wait behind.
    var files = entryImports.slice();
    // The language the first-paint script chose (stored, else the browser's).
    files.push.apply(files, messages[d.documentElement.lang] || messages.en);
    for (var i = 0; i < routes.length; i++) {
      var session = routes[i][1];
      var match = new RegExp(routes[i][0]).exec(location.pathname);
      if (match && (session === null || !!stored.session === session)) {
        try {
          // A screen the server rendered for this reader came with its answers.
          var rendered = d.documentElement.hasAttribute('data-rendered-for') && !d.documentElement.hasAttribute('data-prerender-skip');
          if (reads[i] && stored.session && !rendered) reads[i](match, new URLSearchParams(location.search), get);
        } catch (e) {}
        files.push.apply(files, routes[i][2]);
        break;
      }
    }
    var script = d.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = '/' + entry;
    d.head.appendChild(script);
    (function batch() {
      files.splice(0, 4).forEach(preload);
      if (files.length) setTimeout(batch, 0);
    })();
  }
  // The page paints first (the prerendered screen or the skeleton, with its styles and the whole connection
  // to itself), then the app downloads: once the browser reports the first contentful paint. A hidden tab paints
  // nothing (it starts at once, or when hidden), and 2 s is the most any page waits.
  if (d.visibilityState === 'hidden' || !window.PerformanceObserver) start();
  else {
    try {
      new PerformanceObserver(function (list) {
        if (list.getEntriesByName('first-contentful-paint').length) start();
      }).observe({ type: 'paint', buffered: true });
    } catch (e) {
      start();
    }
    d.addEventListener('visibilitychange', start);
    setTimeout(start, 2000);
  }
})();`;
}

/**
 * A screen the server drew for this reader is styled by its route's stylesheets from the first paint (else
 * its layout would jump as they arrived with the code). Added as render-blocking links after the app's own
 * stylesheets, where Vite puts a route's (the cascade's order: a module's rules win over Mantine's). This
 * script waits for those to arrive, as the first paint does anyway.
 */
function drawnStylesScript(routes: [string, string[]][]): string {
  return `<script>
(function () {
  var d = document.documentElement, routes = ${JSON.stringify(routes)};
  if (!d.hasAttribute('data-rendered-for') || d.hasAttribute('data-prerender-skip')) return;
  for (var r = 0; r < routes.length; r++) {
    if (!new RegExp(routes[r][0]).test(location.pathname)) continue;
    routes[r][1].forEach(function (file) {
      var sheet = document.createElement('link');
      sheet.rel = 'stylesheet';
      sheet.crossOrigin = '';
      sheet.href = '/' + file;
      sheet.setAttribute('blocking', 'render');
      document.head.appendChild(sheet);
    });
    return;
  }
})();
</script>`;
}

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
        const filesOf = bundleFiles(bundle, root);
        // Vite's tags for the entry: its script and the modulepreloads of its imports (its styles stay links).
        const entryScript = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/.exec(html)?.[1];
        if (!entryScript) throw new Error('landingPreloads: index.html has no entry script');
        const entryPreloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
          (match) => match[1]!,
        );
        const code = preloadScript(landings, {
          routes: landings.map((landing) => [landing.path.source, landing.signedIn ?? null, filesOf(landing.modules)]),
          messages: Object.fromEntries(Object.entries(locales).map(([lang, module]) => [lang, filesOf([module])])),
          entryScript,
          entryPreloads,
        });
        const styles = drawnStylesScript(
          landings.flatMap((landing) =>
            landing.signedIn === false
              ? []
              : [[landing.path.source, filesOf(landing.modules).filter((file) => file.endsWith('.css'))]],
          ),
        );
        const sheets = [...html.matchAll(STYLESHEET)];
        const last = sheets.at(-1);
        if (!last) throw new Error('landingPreloads: index.html has no stylesheet');
        const at = last.index + last[0].length;
        // Where index.html asks for it: before the stylesheets, which a later script would wait for. Vite's
        // own tags for the entry go: the script above adds them once the page has painted.
        return (html.slice(0, at) + styles + html.slice(at))
          .replace(ENTRY_TAGS, '')
          .replace(PLACEHOLDER, `<script>\n${code}\n</script>`);
      },
    },
  };
}
