import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const ADMIN = { email: 'admin@inkwell.local', password: 'e2e-admin-passphrase' };
/** The loopback OAuth provider (support/oauth-provider.mjs), beside each run's own server port. */
export const OAUTH_BASE = `http://127.0.0.1:${Number(process.env.E2E_OAUTH_PORT ?? PORT + 89)}`;
/** The server offers the four social providers, all pointed at the loopback one. */
const oauthEnv = Object.fromEntries(
  ['google', 'github', 'facebook', 'x'].flatMap((p) => {
    const prefix = `OAUTH_${p.toUpperCase()}`;
    return [
      [`${prefix}_CLIENT_ID`, `e2e-${p}`],
      [`${prefix}_CLIENT_SECRET`, `e2e-${p}-secret`],
      [`${prefix}_AUTHORIZE_URL`, `${OAUTH_BASE}/${p}/authorize`],
      [`${prefix}_TOKEN_URL`, `${OAUTH_BASE}/${p}/token`],
      [`${prefix}_USERINFO_URL`, `${OAUTH_BASE}/${p}/userinfo`],
    ];
  }),
);

/** The lane of `run-lanes.mjs` this run is (each has its own server, data, results and report), if any. */
const lane = process.env.E2E_LANE ? `-${process.env.E2E_LANE}` : '';
/** `E2E_DATA_DIR` lets two runs share a checkout (each with its own `E2E_PORT`). */
const dataDir = process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, 'artifacts', `data${lane}`);

/** Journeys in Debian's Chromium against the built app on a fresh embedded data directory. */
export default defineConfig({
  testDir: './journeys',
  outputDir: `./artifacts/results${lane}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: `./artifacts/report${lane}`, open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-dev-shm-usage',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: 'node support/oauth-provider.mjs',
      url: `${OAUTH_BASE}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { OAUTH_E2E_PORT: new URL(OAUTH_BASE).port },
    },
    {
      command: `rm -rf "${dataDir}" && node ../apps/server/dist/main.js serve`,
      url: `${BASE_URL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        // The embedded default, whatever the shell says (CI sets these for the integration suite): lanes
        // sharing one Redis would hear each other's realtime events and count each other's rate limits.
        DATABASE_URL: '',
        REDIS_URL: '',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: BASE_URL,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: 'true',
        RATE_LIMIT_SCALE: '20',
        // Members' payments are withdrawable at once, so a journey can ask for a payout.
        EARNINGS_HOLD_DAYS: '0',
        LOG_LEVEL: 'warn',
        ...oauthEnv,
        OAUTH_GITHUB_EMAILS_URL: `${OAUTH_BASE}/github/userinfo/emails`,
      },
    },
  ],
});
