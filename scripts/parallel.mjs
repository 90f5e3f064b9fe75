// Runs npm scripts at once, each line of output prefixed with its script's name, and fails when any fails (after
// all have finished, so every failure is printed). `npm run check` uses it: formatting, lint, types and import
// cycles read the same files and need nothing from each other, and on CI's two cores lint and the type checks
// overlap instead of queueing.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const children = [];
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));

const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        children.push(child);
        for (const stream of [child.stdout, child.stderr]) {
          let rest = '';
          stream.setEncoding('utf8').on('data', (chunk) => {
            const lines = (rest + chunk).split('\n');
            rest = lines.pop();
            for (const line of lines) process.stdout.write(`[${script}] ${line}\n`);
          });
          stream.on('end', () => rest && process.stdout.write(`[${script}] ${rest}\n`));
        }
        child.on('exit', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          const ok = code === 0;
          process.stdout.write(`[${script}] ${ok ? 'done' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
          resolve(ok);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
