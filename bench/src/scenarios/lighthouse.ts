import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO_ADMIN_ENV, pagePath, PAGES, pickPages, sessionsFor, signIn } from '../pages';
import { startDemoServer, type DemoServer } from '../server';

/**
 * Lighthouse (its default mobile profile: a mid-range phone on slow 4G, simulated throttling) on the app's main
 * screens (pages.ts): the welcome and login screens as a new visitor meets them; /home, an account page,
 * /explore, /chats and a post page signed in as a demo reader; /compose as a demo creator; /admin as the demo
 * administrator; each in a fresh Chromium profile (cold cache, no service worker). Prints the scores and Web
 * Vitals against the goals; the goals do not fail the run (the byte budget in `web-size` is the check).
 *
 * `BENCH_URL` measures a server already running (with the demo data), e.g. an older build; otherwise the
 * built server starts as `npm start` runs it, on a fresh data directory. `BENCH_PAGES` picks pages by name
 * (welcome,login,home,account,explore,chats,compose,post,admin); `BENCH_EMAIL`, `BENCH_ACCOUNT`, `BENCH_POST`,
 * `BENCH_CREATOR_EMAIL` and `BENCH_ADMIN_EMAIL` choose the reader, the account page, the post, the creator
 * (/compose) and the administrator; `BENCH_LHR_DIR` keeps each page's whole Lighthouse report there as JSON.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-dev-shm-usage',
];
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
  /** JavaScript's share of `bytes`, with the number of scripts. */
  jsBytes: number;
  jsFiles: number;
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
      // Lighthouse's storage reset clears caches and service workers, not local storage or cookies.
      if (session) await signIn(page, base, session);
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
        ...scripts(lhr.audits['network-requests']?.details),
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

/** The scripts of the load as Lighthouse recorded them: bytes transferred and how many. */
function scripts(details: unknown): { jsBytes: number; jsFiles: number } {
  const items = (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const js = items.filter((item) => item.resourceType === 'Script');
  return { jsBytes: js.reduce((n, item) => n + (item.transferSize ?? 0), 0), jsFiles: js.length };
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
  const names = pickPages();
  let server: DemoServer | undefined;
  let base = process.env.BENCH_URL?.replace(/\/$/, '');
  try {
    if (!base) {
      console.log('starting the built server with the demo data…');
      server = await startDemoServer(3400 + Math.floor(Math.random() * 500), DEMO_ADMIN_ENV);
      base = server.url;
    }
    const sessions = await sessionsFor(base, names);

    console.log(`Lighthouse mobile (simulated throttling) on ${base}\n`);
    console.log(
      '  page                       perf  a11y    FCP    LCP     TBT    CLS     SI  transfer      JS (files)  goals',
    );
    for (const name of names) {
      const path = await pagePath(name, base);
      const as = PAGES[name].as;
      const m = await auditWithRetries(base, path, as === 'guest' ? undefined : sessions[as]);
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
          ` ${seconds(m.si).padStart(6)} ${`${(m.bytes / 1024).toFixed(0)} KB`.padStart(9)}` +
          ` ${`${(m.jsBytes / 1024).toFixed(0)} KB (${m.jsFiles})`.padStart(15)}  ` +
          (missed.length ? `missed: ${missed.join(', ')}` : 'all met'),
      );
      const landed = decodeURIComponent(new URL(m.finalUrl).pathname);
      if (landed !== path) console.log(`    ! ended on ${landed}, not ${path} (signed out?)`);
      for (const warning of m.warnings) console.log(`    ! ${warning}`);
      for (const failed of m.failedAccessibility) console.log(`    accessibility: ${failed}`);
    }
    console.log(
      `\n  Goals: performance ≥ ${GOALS.performance}, LCP ≤ ${seconds(GOALS.lcpMs)}, TBT ≤ ${GOALS.tbtMs} ms,` +
        ` CLS ≤ ${GOALS.cls}, accessibility ≥ ${GOALS.accessibility}. Transfer: all bytes of the load (Lighthouse's total byte weight); JS: its scripts'.`,
    );
  } finally {
    await server?.stop();
  }
}
