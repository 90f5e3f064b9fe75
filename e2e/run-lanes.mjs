// The journeys, in one lane or several at once (`E2E_LANES=2`), each lane a Playwright run with its own server,
// port and data directory (a fresh demo install each). Lanes pay off with cores to spare: on two cores the
// journeys already keep the CPU about 80 % busy, and two lanes only slow each other (timeouts), so one is the
// default. Files go to the lane with less work so far, by the seconds each took last measured (a new file counts
// as 30 s). Arguments (a file, `-g`) go to Playwright as they are, in one lane.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const SECONDS = {
  'a11y-sweep.spec.ts': 560,
  'no-clipped-buttons.spec.ts': 167,
  'friends-and-chat.spec.ts': 117,
  'admin-roles.spec.ts': 80,
  'lean-load.spec.ts': 75,
  'subscribe-to-plan.spec.ts': 56,
  'admin-a11y.spec.ts': 90,
  'admin-dashboard-plans.spec.ts': 50,
  'creator-insights.spec.ts': 47,
  'admin-posts.spec.ts': 45,
  'compose-each-type.spec.ts': 42,
  'notifications.spec.ts': 42,
  'register-and-activate.spec.ts': 38,
  'admin-users.spec.ts': 37,
  'admin-accounts.spec.ts': 35,
  'follow-and-feed.spec.ts': 30,
  'social-login.spec.ts': 30,
  'media-shapes.spec.ts': 28,
  'shell-and-guard.spec.ts': 27,
  'public-pages.spec.ts': 25,
  'language.spec.ts': 17,
  'images-on-a-phone.spec.ts': 11,
  'first-visit-language.spec.ts': 10,
};

const args = process.argv.slice(2);
const count = args.length > 0 ? 1 : Number(process.env.E2E_LANES ?? 1);
const files = fs
  .readdirSync(path.join(here, 'journeys'))
  .filter((f) => f.endsWith('.spec.ts'))
  .sort((a, b) => (SECONDS[b] ?? 30) - (SECONDS[a] ?? 30));
const lanes = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
for (const file of files) {
  const lane = lanes.reduce((least, l) => (l.seconds < least.seconds ? l : least));
  lane.files.push(`journeys/${file}`);
  lane.seconds += SECONDS[file] ?? 30;
}

const basePort = Number(process.env.E2E_PORT ?? 3210);
const started = Date.now();
const children = [];
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
const results = await Promise.all(
  lanes.map(
    (lane, i) =>
      new Promise((resolve) => {
        const prefix = count > 1 ? `[lane ${i + 1}] ` : '';
        const child = spawn('npx', ['playwright', 'test', ...(args.length > 0 ? args : lane.files)], {
          cwd: here,
          env: {
            ...process.env,
            E2E_LANE: count > 1 ? String(i + 1) : '',
            E2E_PORT: String(basePort + i * 100),
            ...(count > 1 && process.env.E2E_DATA_DIR ? { E2E_DATA_DIR: `${process.env.E2E_DATA_DIR}-${i + 1}` } : {}),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        children.push(child);
        for (const stream of [child.stdout, child.stderr]) {
          let rest = '';
          stream.setEncoding('utf8').on('data', (chunk) => {
            const lines = (rest + chunk).split('\n');
            rest = lines.pop();
            for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
          });
          stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
        }
        child.on('exit', (code, signal) => resolve({ lane: i + 1, code: code ?? 1, signal }));
      }),
  ),
);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
for (const r of results) console.log(`lane ${r.lane}: ${r.code === 0 ? 'passed' : `failed (${r.signal ?? r.code})`}`);
console.log(`journeys done in ${minutes} min`);
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
