import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RENDER_COOKIE, RENDER_COOKIE_PATHS, storedSession, type SessionUser } from '@inkwell/contracts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { signInDemo, startDemoServer, type DemoServer } from '../server';

/**
 * Lighthouse (its default mobile profile: a mid-range phone on slow 4G, simulated throttling) on the welcome
 * and login screens as a new visitor meets them, and on /home and an account page signed in as a demo reader,
 * each in a fresh Chromium profile (cold cache, no service worker). Prints the scores and Web Vitals against
 * the goals; the goals do not fail the run (the byte budget in `web-size` is the check).
 *
 * `BENCH_URL` measures a server already running (with the demo data), e.g. an older build; otherwise the
 * built server starts as `npm start` runs it, on a fresh data directory. `BENCH_PAGES` picks pages by name
 * (welcome,login,home,account); `BENCH_EMAIL` and `BENCH_ACCOUNT` choose the reader and the account page;
 * `BENCH_LHR_DIR` keeps each page's whole Lighthouse report there as JSON.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-dev-shm-usage',
];
/** Kyaw Zin reads the demo's accounts (follows three of them): his /home has a feed. */
const READER = process.env.BENCH_EMAIL ?? 'kyawzin@demo.inkwell.local';
const ACCOUNT = process.env.BENCH_ACCOUNT ?? 'yangon.stories';

const PAGES = {
  welcome: { path: '/', signedIn: false },
  login: { path: '/login', signedIn: false },
  home: { path: '/home', signedIn: true },
  account: { path: `/a/${ACCOUNT}`, signedIn: true },
} as const;
type PageName = keyof typeof PAGES;

const GOALS = { performance: 95, accessibility: 95, lcpMs: 2500, tbtMs: 200, cls: 0.05 };

interface Measured {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  bytes: number;
  finalUrl: string;
  warnings: string[];
  /** Accessibility audits the page fails, so a score below 100 says what to fix. */
  failedAccessibility: string[];
}

async function audit(base: string, path: string, session: string | undefined): Promise<Measured> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      const page = await browser.newPage();
      if (session) {
        // Signed in as the web app would be: its session in the origin's local storage, written from a small
        // JSON answer of the same origin so nothing of the app is cached or registered before the run.
        // Lighthouse's storage reset clears caches and service workers, not local storage.
        await page.goto(`${base}/healthz`);
        await page.evaluate(`localStorage.setItem('inkwell.session', ${JSON.stringify(session)})`);
        // And its render cookie, as session.ts writes it: the server then sends /home and the account page
        // with their content (apps/server/src/platform/rendered.ts).
        const token = (JSON.parse(session) as { token: string }).token;
        for (const path of RENDER_COOKIE_PATHS) {
          await page.evaluate(
            `document.cookie = ${JSON.stringify(`${RENDER_COOKIE}=${token}; path=${path}; samesite=strict`)}`,
          );
        }
      }
      const result = await lighthouse(
        `${base}${path}`,
        { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility'] },
        undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new LighthouseRunError(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      if (process.env.BENCH_LHR_DIR) {
        // The whole report, for reading what a score is made of (the LCP element, long tasks, the chains).
        const file = `${path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'welcome'}.json`;
        await mkdir(process.env.BENCH_LHR_DIR, { recursive: true });
        await writeFile(join(process.env.BENCH_LHR_DIR, file), JSON.stringify(lhr));
      }
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? Number.NaN) * 100),
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        si: value('speed-index'),
        bytes: value('total-byte-weight'),
        finalUrl: lhr.finalDisplayedUrl,
        warnings: lhr.runWarnings.map(String),
        failedAccessibility: (lhr.categories.accessibility?.auditRefs ?? [])
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a && a.score === 0)
          .map((a) => `${a!.id}: ${a!.title}${offenders(a!.details)}`),
      };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

/** The elements an audit blames (their HTML, shortened), as ` — <a …>, <input …>`. */
function offenders(details: unknown): string {
  const items = (details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
  const snippets = items.flatMap((item) => (item.node?.snippet ? [item.node.snippet.slice(0, 100)] : []));
  return snippets.length ? ` — ${snippets.slice(0, 3).join(', ')}${snippets.length > 3 ? ', …' : ''}` : '';
}

/** A run Lighthouse itself reports as failed (`runtimeError`), as opposed to a page that does not load. */
class LighthouseRunError extends Error {}

/**
 * Lighthouse's own failures of a run (a trace without a navigation start, no paint recorded: "Please run
 * Lighthouse again") happen on a busy machine; a page gets three tries before the bench gives up.
 */
async function auditWithRetries(base: string, path: string, session: string | undefined): Promise<Measured> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(base, path, session);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt === 3) throw error;
      console.log(`    (${path}: ${error.message}; running it again)`);
    }
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function lighthouseBench(): Promise<void> {
  const names = (process.env.BENCH_PAGES ?? Object.keys(PAGES).join(','))
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(n in PAGES));
  if (unknown.length)
    throw new Error(`BENCH_PAGES: unknown ${unknown.join(', ')} (pages: ${Object.keys(PAGES).join(', ')})`);

  let server: DemoServer | undefined;
  let base = process.env.BENCH_URL?.replace(/\/$/, '');
  try {
    if (!base) {
      console.log('starting the built server with the demo data…');
      server = await startDemoServer(3400 + Math.floor(Math.random() * 500));
      base = server.url;
    }
    const needsSession = names.some((n) => PAGES[n as PageName].signedIn);
    const session = needsSession
      ? await signInDemo(base, READER).then(({ token, user }) =>
          JSON.stringify(storedSession(token, user as unknown as SessionUser)),
        )
      : undefined;

    console.log(`Lighthouse mobile (simulated throttling) on ${base}\n`);
    console.log('  page                       perf  a11y    FCP    LCP     TBT    CLS     SI  transfer  goals');
    for (const name of names as PageName[]) {
      const { path, signedIn } = PAGES[name];
      const m = await auditWithRetries(base, path, signedIn ? session : undefined);
      const missed = [
        m.performance < GOALS.performance && 'performance',
        m.lcp > GOALS.lcpMs && 'LCP',
        m.tbt > GOALS.tbtMs && 'TBT',
        m.cls > GOALS.cls && 'CLS',
        m.accessibility < GOALS.accessibility && 'accessibility',
      ].filter(Boolean);
      const label = `${name} ${path}`.slice(0, 26).padEnd(26);
      console.log(
        `  ${label} ${String(m.performance).padStart(4)} ${String(m.accessibility).padStart(5)} ${seconds(m.fcp).padStart(6)}` +
          ` ${seconds(m.lcp).padStart(6)} ${`${Math.round(m.tbt)} ms`.padStart(7)} ${m.cls.toFixed(3).padStart(6)}` +
          ` ${seconds(m.si).padStart(6)} ${`${(m.bytes / 1024).toFixed(0)} KB`.padStart(9)}  ` +
          (missed.length ? `missed: ${missed.join(', ')}` : 'all met'),
      );
      const landed = new URL(m.finalUrl).pathname;
      if (landed !== path) console.log(`    ! ended on ${landed}, not ${path} (signed out?)`);
      for (const warning of m.warnings) console.log(`    ! ${warning}`);
      for (const failed of m.failedAccessibility) console.log(`    accessibility: ${failed}`);
    }
    console.log(
      `\n  Goals: performance ≥ ${GOALS.performance}, LCP ≤ ${seconds(GOALS.lcpMs)}, TBT ≤ ${GOALS.tbtMs} ms,` +
        ` CLS ≤ ${GOALS.cls}, accessibility ≥ ${GOALS.accessibility}. Transfer: all bytes of the load (Lighthouse's total byte weight).`,
    );
  } finally {
    await server?.stop();
  }
}
