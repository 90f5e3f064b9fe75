import { chaosBench } from './scenarios/chaos';
import { compressionBench } from './scenarios/compression';
import { discoveryBench } from './scenarios/discovery';
import { feeds } from './scenarios/feeds';
import { importBench } from './scenarios/import';
import { lighthouseBench } from './scenarios/lighthouse';
import { media } from './scenarios/media';
import { notificationsBench } from './scenarios/notifications';
import { realtimeBench } from './scenarios/realtime';
import { searchBench } from './scenarios/search';
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
  search: {
    about:
      'search and suggestions on 1M posts (a third each en/my/th, from word lists; `search 100k` for fewer): p50/p99 per kind of query, and recall of known answers per language (goals: search p99 ≤ 150 ms, suggest ≤ 100 ms, recall ≥ 0.95)',
    run: searchBench,
  },
  discovery: {
    about:
      "suggested accounts on 1M posts and 100k readers (`discovery 100k` for fewer): the refresh job's time, suggestions' and trending posts' p50/p99, and a new Burmese reader's first Feed (goal: suggestions p99 ≤ 50 ms, ≥ 10 posts in their language)",
    run: discoveryBench,
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
  media: {
    about:
      'adaptive streaming of a 60 s 720p clip: tus resume overhead, time to the first playable rendition, total transcode ÷ bare ffmpeg (goal ≤ 1.15), bytes to watch at 144p vs before (goal ≤ 15 %)',
    run: media,
  },
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
