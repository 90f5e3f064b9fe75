import puppeteer from 'puppeteer-core';
import { signIn } from './pages';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** No request in flight for this long: the network is idle, the first visit is over. */
const QUIET_MS = 1500;
/** A page still loading after this long is measured as it stands. */
const MAX_MS = 30_000;

export interface ScriptLoad {
  url: string;
  /** Bytes on the wire: response headers and the (compressed) body. */
  wire: number;
  /** The body alone, as sent (brotli here). */
  body: number;
}

export interface FirstVisit {
  finalPath: string;
  scripts: ScriptLoad[];
  /** Milliseconds from the navigation to network idle. */
  idleAfterMs: number;
}

/**
 * The scripts a first visit of `path` downloads until the network has been idle for 1.5 s, in a fresh Chromium
 * profile (cold cache) with the service worker blocked: its registration fails, as if the browser had none, so
 * its precache of the shell does not count and it serves nothing. Chromium asks with `Accept-Encoding: br`, so
 * the bytes are brotli's; each counts its response headers too, as the wire carries them. A session (pages.ts)
 * signs the browser in first.
 */
export async function firstVisit(base: string, path: string, session: string | undefined): Promise<FirstVisit> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
    await page.evaluateOnNewDocument(
      `if ('serviceWorker' in navigator) navigator.serviceWorker.register = () => Promise.reject(new Error('service workers are blocked here'));`,
    );
    if (session) await signIn(page, base, session);

    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    const inFlight = new Set<string>();
    const scripts = new Map<string, { url: string; headers: number }>();
    const loads: ScriptLoad[] = [];
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', ({ requestId }) => {
      inFlight.add(requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type === 'Script') scripts.set(requestId, { url: response.url, headers: response.encodedDataLength });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      inFlight.delete(requestId);
      lastActivity = Date.now();
      const script = scripts.get(requestId);
      if (script) loads.push({ url: script.url, wire: encodedDataLength, body: encodedDataLength - script.headers });
    });
    cdp.on('Network.loadingFailed', ({ requestId }) => {
      inFlight.delete(requestId);
      lastActivity = Date.now();
    });

    const started = Date.now();
    await page.goto(`${base}${path}`, { waitUntil: 'load', timeout: MAX_MS });
    while (Date.now() - started < MAX_MS && (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return {
      finalPath: decodeURIComponent(new URL(page.url()).pathname),
      scripts: loads.sort((a, b) => b.wire - a.wire),
      idleAfterMs: lastActivity - started,
    };
  } finally {
    await browser.close();
  }
}
