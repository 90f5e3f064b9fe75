import fs from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { signInDemo, startDemoServer } from '../server';

/**
 * What compressing API answers costs the server: req/s of two feed pages on the demo data at a modest
 * concurrency, asked raw (no Accept-Encoding), with brotli and with gzip, in alternating rounds so a busy
 * machine weighs on all three alike, and the server's CPU time per answer, which others' load on the machine
 * hardly moves; then what each brotli quality and gzip level costs per answer, which is how the server's
 * settings (apps/server/src/platform/compression.ts) were chosen. `BENCH_CONNECTIONS`, `BENCH_SECONDS` and
 * `BENCH_ROUNDS` change the load.
 */

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The server's settings may take at most this much off the raw req/s. */
const MAX_DROP = 0.1;

const MODES = { raw: undefined, br: 'br', gzip: 'gzip' } as const;
type Mode = keyof typeof MODES;

interface Run {
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  /** Server CPU (all its threads) per answer: steadier than req/s on a machine others are using too. */
  cpuMs: number;
}

/** User + system CPU time of process `pid` so far, in ms (Linux; NaN elsewhere). */
function cpuTime(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the line, counted in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function load(pid: number, url: string, token: string, mode: Mode): Promise<Run> {
  const encoding = MODES[mode];
  const cpuBefore = cpuTime(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });
  if (result.non2xx || result.errors)
    throw new Error(`${url} (${mode}): ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.total / result.requests.total,
    cpuMs: (cpuTime(pid) - cpuBefore) / result.requests.total,
  };
}

/** CPU microseconds per compression of `payload` (CPU time, not wall time: others' load does not count). */
function cost(payload: Buffer, compress: (b: Buffer) => Buffer): { us: number; size: number } {
  let size = 0;
  for (let i = 0; i < 20; i++) size = compress(payload).length;
  const cpuUs = () => {
    const { user, system } = process.cpuUsage();
    return user + system;
  };
  const started = cpuUs();
  let times = 0;
  while (cpuUs() - started < 500_000) {
    for (let i = 0; i < 10; i++) compress(payload);
    times += 10;
  }
  return { us: (cpuUs() - started) / times, size };
}

export async function compressionBench(): Promise<void> {
  const port = 3400 + Math.floor(Math.random() * 500);
  // Production as deployed (no answer checks), without rate limits, and no job loop competing for the CPU.
  const server = await startDemoServer(port, {
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    RATE_LIMIT_SCALE: '0',
    JOBS: 'off',
  });
  try {
    // Kyaw Zin follows three of the demo's accounts: his followed feed is a reader's usual first page.
    const { token } = await signInDemo(server.url, 'kyawzin@demo.inkwell.local');
    const pages = {
      'followed feed': `${server.url}/api/feed`,
      'public feed': `${server.url}/api/feed/public`,
    };
    console.log(
      `API compression on the demo data: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per mode (median)\n`,
    );
    for (const [name, url] of Object.entries(pages)) {
      const payload = Buffer.from(
        await (
          await fetch(url, { headers: { authorization: `Bearer ${token}`, 'x-no-compression': '1' } })
        ).arrayBuffer(),
      );
      const runs: Record<Mode, Run[]> = { raw: [], br: [], gzip: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const mode of Object.keys(MODES) as Mode[]) runs[mode].push(await load(server.pid, url, token, mode));
      }
      const raw = median(runs.raw.map((r) => r.rps));
      const cpu = (mode: Mode) => median(runs[mode].map((r) => r.cpuMs));
      console.log(`${name} (${(payload.length / 1024).toFixed(1)} KB raw JSON)`);
      console.log('  mode   req/s   vs raw   p50 ms  p99 ms  bytes/answer  CPU ms/answer  capacity');
      for (const mode of Object.keys(MODES) as Mode[]) {
        const rps = median(runs[mode].map((r) => r.rps));
        // A server bound by its CPU answers in inverse proportion to the CPU each answer takes.
        const capacity = cpu('raw') / cpu(mode);
        const line = [
          mode.padEnd(5),
          rps.toFixed(0).padStart(7),
          `${(rps / raw).toFixed(2)}×`.padStart(8),
          String(median(runs[mode].map((r) => r.p50))).padStart(8),
          String(median(runs[mode].map((r) => r.p99))).padStart(7),
          median(runs[mode].map((r) => r.bytes))
            .toFixed(0)
            .padStart(13),
          cpu(mode).toFixed(3).padStart(14),
          `${capacity.toFixed(2)}×`.padStart(9),
        ].join(' ');
        const verdict = (ratio: number) => (ratio >= 1 - MAX_DROP ? 'met' : 'missed');
        console.log(
          `  ${line}${mode === 'raw' ? '' : `   ≤ 10% fewer req/s: ${verdict(rps / raw)} by req/s, ${verdict(capacity)} by CPU`}`,
        );
      }
      console.log('  CPU per answer, compressed in this process:');
      for (const quality of [1, 3, 4, 5, 6, 11]) {
        const c = cost(payload, (b) =>
          brotliCompressSync(b, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: quality,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
        );
        console.log(`    brotli ${String(quality).padStart(2)}  ${c.us.toFixed(0).padStart(6)} µs  ${c.size} bytes`);
      }
      for (const level of [1, 6, 9]) {
        const c = cost(payload, (b) => gzipSync(b, { level }));
        console.log(`    gzip   ${String(level).padStart(2)}  ${c.us.toFixed(0).padStart(6)} µs  ${c.size} bytes`);
      }
      console.log('');
    }
  } finally {
    await server.stop();
  }
}
