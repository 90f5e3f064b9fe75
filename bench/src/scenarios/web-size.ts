import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { firstVisit } from '../firstVisit';
import { DEMO_ADMIN_ENV, pagePath, PAGES, pickPages, sessionsFor } from '../pages';
import { root, webDist } from '../paths';
import { startDemoServer, type DemoServer } from '../server';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The budget of the first load of /home, brotli as transferred (KB of 1,024 bytes), and of the JavaScript a
 * first visit of each main screen downloads until the network is idle (headers included).
 */
const BUDGET = { js: 200, css: 30, visitJs: 200 };
/**
 * Chunks /home imports at run time besides its route (checked against what Chromium fetches): the signed-in
 * shell (a lazy layout), the English messages, and the Socket.IO client, which a signed-in page loads to open its
 * socket at once.
 */
const LOADED_AT_START = [/^src\/app\/shell\/UserShell\.tsx$/, /^src\/i18n\/en\.json$/, /\/socket\.io-client\//];
const ENCODINGS = { raw: undefined, gzip: 'gzip', br: 'br' } as const;
type Encoding = keyof typeof ENCODINGS;
type Kind = 'html' | 'js' | 'css' | 'font';

/** Bytes on the wire for `url` asked with `encoding`: the body as sent, before any decoding. */
function transferred(url: string, encoding: string | undefined): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The entry, the Home route and what /home loads at start, with their static imports, as the manifest lists them. */
function firstLoadFiles(manifest: Manifest): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  const atStart = LOADED_AT_START.map((pattern) => {
    const key = Object.keys(manifest).find((k) => pattern.test(k));
    if (!key) console.log(`  (nothing matches ${pattern} in this build's manifest)`);
    return key;
  });
  for (const key of ['index.html', 'src/features/feed/FeedPage.tsx', ...atStart]) if (key) visit(key);
  return { js: [...js], css: [...css] };
}

/** The families of the app's font stack (theme.ts), in order; empty when it cannot be read. */
function fontStack(): string[] {
  const theme = path.join(root, 'apps', 'web', 'src', 'app', 'theme.ts');
  const stack = fs.existsSync(theme)
    ? /fontFamily\s*=\s*'([^']+)'/.exec(fs.readFileSync(theme, 'utf8'))?.[1]
    : undefined;
  return stack ? stack.split(',').map((f) => f.trim().replace(/^"|"$/g, '')) : [];
}

/** Whether a `unicode-range` (absent: every character) covers the code point. */
function covers(range: string | undefined, codePoint: number): boolean {
  if (!range) return true;
  return range.split(',').some((part) => {
    const spec = part.trim().replace(/^U\+/i, '');
    // `U+1F??` is a wildcard range, `U+400-45F` an interval, `U+2116` one code point.
    const [low, high] = spec.includes('?')
      ? [spec.replace(/\?/g, '0'), spec.replace(/\?/g, 'F')]
      : spec.includes('-')
        ? spec.split('-')
        : [spec, spec];
    return codePoint >= parseInt(low!, 16) && codePoint <= parseInt(high!, 16);
  });
}

/**
 * The font files an English /home downloads: those of the first family in the app's font stack that has
 * Latin letters (`A`) in one of its @font-face rules, for every rule of that family covering them. A browser
 * downloads a face only when the page has text in its unicode-range that no earlier family covers, so the
 * Cyrillic, Greek, Burmese and Thai files wait until such text appears.
 */
function latinFonts(cssTexts: string[]): { files: string[]; family: string | undefined; others: number } {
  const faces = cssTexts.flatMap((text) =>
    [...text.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => {
      const body = m[1]!;
      const family = /font-family:\s*([^;]+)/
        .exec(body)?.[1]
        ?.trim()
        .replace(/^["']|["']$/g, '');
      const url =
        /url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/.exec(body)?.[1] ?? /url\(\s*["']?([^"')]+)["']?\s*\)/.exec(body)?.[1];
      const range = /unicode-range:\s*([^;]+)/.exec(body)?.[1];
      return { family, url, range };
    }),
  );
  const families = [...new Set(faces.map((f) => f.family).filter((f): f is string => Boolean(f)))];
  const stack = fontStack();
  const ordered = [...stack.filter((f) => families.includes(f)), ...families.filter((f) => !stack.includes(f))];
  const family = ordered.find((name) => faces.some((f) => f.family === name && covers(f.range, 0x41)));
  const files = [
    ...new Set(
      faces.filter((f) => f.family === family && f.url && covers(f.range, 0x41)).map((f) => f.url!.replace(/^\//, '')),
    ),
  ];
  const all = new Set(faces.map((f) => f.url).filter(Boolean));
  return { files, family, others: all.size - files.length };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * A first visit of each main screen (pages.ts; `BENCH_PAGES` picks), in Chromium with a cold cache and the
 * service worker blocked: the JavaScript it downloads until the network is idle, as sent (brotli) with its
 * headers. Answers the screens over budget. `BENCH_FILES=n` lists each visit's n largest scripts.
 */
async function firstVisits(base: string): Promise<string[]> {
  const names = pickPages();
  const sessions = await sessionsFor(base, names);
  const listed = Number(process.env.BENCH_FILES ?? 0);
  const over: string[] = [];
  console.log('\nFirst visit of each screen, JavaScript until the network is idle (service worker blocked):\n');
  console.log('  page                        files    on the wire  (bodies)   idle after');
  for (const name of names) {
    const path = await pagePath(name, base);
    const as = PAGES[name].as;
    const visit = await firstVisit(base, path, as === 'guest' ? undefined : sessions[as]);
    const wire = visit.scripts.reduce((n, s) => n + s.wire, 0);
    const body = visit.scripts.reduce((n, s) => n + s.body, 0);
    const label = `${name} ${path}`.slice(0, 26).padEnd(26);
    const verdict = wire > BUDGET.visitJs * 1024 ? '  OVER' : '';
    console.log(
      `  ${label} ${String(visit.scripts.length).padStart(6)} ${kb(wire).padStart(14)} ${`(${kb(body)})`.padStart(11)}` +
        ` ${`${(visit.idleAfterMs / 1000).toFixed(1)} s`.padStart(10)}${verdict}`,
    );
    if (visit.finalPath !== path) console.log(`    ! ended on ${visit.finalPath}, not ${path} (signed out?)`);
    for (const script of visit.scripts.slice(0, listed))
      console.log(`      ${kb(script.wire).padStart(9)}  ${new URL(script.url).pathname}`);
    if (verdict) over.push(`${name} JavaScript ${kb(wire)} > ${BUDGET.visitJs} KB`);
  }
  return over;
}

/**
 * What a first visit to /home transfers: index.html, the entry script with its static imports and styles, the
 * Home route's chunk with its own, the English messages, and the Latin font files, each requested from the
 * built server with `Accept-Encoding: br`, `gzip` and none, counting the bytes as sent; then a first visit of
 * each main screen in Chromium (`firstVisits`). Fails when the brotli JavaScript or CSS of /home exceeds the
 * budget, or a screen's visit downloads more JavaScript than its own. `BENCH_URL` measures an already running
 * server (with the demo data and its administrator, DEMO_ADMIN_ENV); `BENCH_WEB_DIST` names the build it
 * serves (default: this checkout's), whose `.vite/manifest.json` says which files a first load has (the server
 * does not serve its manifest).
 */
export async function webSize(): Promise<void> {
  let server: DemoServer | undefined;
  let base = process.env.BENCH_URL?.replace(/\/$/, '');
  try {
    const manifestFile = path.join(process.env.BENCH_WEB_DIST ?? webDist, '.vite', 'manifest.json');
    if (!fs.existsSync(manifestFile)) throw new Error(`Build first (npm run build): no ${manifestFile}`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    if (!base) {
      // With the demo data and its administrator: the visits below sign in as a reader and as the admin.
      server = await startDemoServer(3400 + Math.floor(Math.random() * 500), DEMO_ADMIN_ENV);
      base = server.url;
    }

    const { js, css } = firstLoadFiles(manifest);
    const cssTexts = await Promise.all(css.map(async (file) => (await fetch(`${base}/${file}`)).text()));
    const fonts = latinFonts(cssTexts);
    const files: { kind: Kind; url: string }[] = [
      // The document a browser gets for /home: the history fallback, i.e. index.html.
      { kind: 'html', url: '/home' },
      ...js.map((file) => ({ kind: 'js' as const, url: `/${file}` })),
      ...css.map((file) => ({ kind: 'css' as const, url: `/${file}` })),
      ...fonts.files.map((file) => ({ kind: 'font' as const, url: `/${file}` })),
    ];

    const totals: Record<Kind, Record<Encoding, number>> = {
      html: { raw: 0, gzip: 0, br: 0 },
      js: { raw: 0, gzip: 0, br: 0 },
      css: { raw: 0, gzip: 0, br: 0 },
      font: { raw: 0, gzip: 0, br: 0 },
    };
    for (const file of files) {
      for (const encoding of Object.keys(ENCODINGS) as Encoding[]) {
        const res = await transferred(`${base}${file.url}`, ENCODINGS[encoding]);
        if (res.status !== 200) throw new Error(`${file.url} answered ${res.status}`);
        totals[file.kind][encoding] += res.bytes;
      }
    }

    const count = (kind: Kind) => files.filter((f) => f.kind === kind).length;
    console.log(`/home first load from ${base}, bytes as transferred (KB of 1,024 bytes):\n`);
    console.log('              files        raw       gzip     brotli');
    const row = (label: string, n: number | string, t: Record<Encoding, number>) =>
      console.log(
        `  ${label.padEnd(11)} ${String(n).padStart(5)} ${kb(t.raw).padStart(10)} ${kb(t.gzip).padStart(10)} ${kb(t.br).padStart(10)}`,
      );
    row('index.html', count('html'), totals.html);
    row('JavaScript', count('js'), totals.js);
    row('CSS', count('css'), totals.css);
    row('fonts', count('font'), totals.font);
    const sum = (encoding: Encoding) => Object.values(totals).reduce((n, t) => n + t[encoding], 0);
    row('total', files.length, { raw: sum('raw'), gzip: sum('gzip'), br: sum('br') });
    console.log(
      '\n  JavaScript: the entry and the Home route with their static imports, the English messages and the' +
        ' Socket.IO client.' +
        `\n  Fonts: the ${fonts.family ?? '(none)'} files for Latin text; ${fonts.others} other font files` +
        ' (other scripts) download only when the page shows such text, as the demo feed does (lighthouse counts them).',
    );

    const over = [
      totals.js.br > BUDGET.js * 1024 && `/home JavaScript ${kb(totals.js.br)} > ${BUDGET.js} KB`,
      totals.css.br > BUDGET.css * 1024 && `/home CSS ${kb(totals.css.br)} > ${BUDGET.css} KB`,
      ...(await firstVisits(base)),
    ].filter(Boolean);
    if (over.length) {
      console.log(`\nOVER BUDGET (brotli): ${over.join('; ')}`);
      process.exitCode = 1;
    } else {
      console.log(
        `\nWithin budget (brotli): /home JavaScript ≤ ${BUDGET.js} KB, CSS ≤ ${BUDGET.css} KB;` +
          ` each screen's JavaScript to network idle ≤ ${BUDGET.visitJs} KB.`,
      );
    }
  } finally {
    await server?.stop();
  }
}
