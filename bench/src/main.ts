import { chaosBench } from './scenarios/chaos';
import { compressionBench } from './scenarios/compression';
import { feeds } from './scenarios/feeds';
import { importBench } from './scenarios/import';
import { lighthouseBench } from './scenarios/lighthouse';
import { media } from './scenarios/media';
import { notificationsBench } from './scenarios/notifications';
import { realtimeBench } from './scenarios/realtime';
import { soakBench } from './scenarios/soak';
import { startup } from './scenarios/startup';
import { webSize } from './scenarios/web-size';

/** `npm run bench -- <scenario>`; each feature adds its own scenario here. */
const scenarios: Record<string, { about: string; run: (args: string[]) => Promise<void> }> = {
  chaos: {
    about:
      'faults under write load (PostgreSQL crash, Redis killed, worker and serve SIGKILLed): acknowledged, lost, 5xx, seconds until healthy',
    run: chaosBench,
  },
  soak: {
    about:
      '10 minutes of mixed reads and writes with 300 idle sockets: requests/s, errors, RSS every 30 s and its slope',
    run: soakBench,
  },
  startup: { about: 'time to ready on a fresh and on an existing data dir, and to shut down', run: startup },
  feeds: {
    about:
      'followed feed (200 and 2,000 follows; page 1 and page 500 by cursor), public feed, account and post pages at 64 connections on 10k and 1M posts (`feeds 10k`, or BENCH_SCALES), app ÷ raw SQL (PostgreSQL)',
    run: feeds,
  },
  import: {
    about: 'POST /api/posts/import of 10,000 statuses and 10,000 articles on PostgreSQL (goal < 30 s each)',
    run: importBench,
  },
  realtime: {
    about: '2,000 sockets, 100 busy rooms on one server: delivery latency p50/p99, deliveries/s, memory per socket',
    run: realtimeBench,
  },
  notifications: {
    about: '1,000 likes on one post; a post to 10,000 bell-ringers: time to the last notification row and push',
    run: notificationsBench,
  },
  media: { about: 'transcode time through the pipeline ÷ bare ffmpeg on a 10 s 720p clip', run: media },
  compression: {
    about: 'req/s of feed pages on the demo data asked raw, brotli and gzip; cost of each compression level',
    run: compressionBench,
  },
  lighthouse: {
    about:
      'Lighthouse mobile on /, /login, and signed in on /home, an account page, /explore, /chats, /compose, a post and /admin: scores, Web Vitals, JS',
    run: lighthouseBench,
  },
  'web-size': {
    about:
      'bytes transferred (raw, gzip, brotli) by a first visit to /home, and the JS of a first visit of each main screen to network idle; fails over 200 KB JS or 30 KB CSS brotli',
    run: webSize,
  },
};

const [name, ...args] = process.argv.slice(2);
const scenario = name ? scenarios[name] : undefined;
if (!scenario) {
  console.log('Usage: npm run bench -- <scenario>\n');
  for (const [key, s] of Object.entries(scenarios)) console.log(`  ${key.padEnd(10)} ${s.about}`);
  process.exitCode = name ? 1 : 0;
} else {
  await scenario.run(args);
}
