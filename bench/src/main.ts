import { feeds } from './scenarios/feeds';
import { importBench } from './scenarios/import';
import { media } from './scenarios/media';
import { notificationsBench } from './scenarios/notifications';
import { realtimeBench } from './scenarios/realtime';
import { startup } from './scenarios/startup';
import { webSize } from './scenarios/web-size';

/** `npm run bench -- <scenario>`; each feature adds its own scenario here. */
const scenarios: Record<string, { about: string; run: (args: string[]) => Promise<void> }> = {
  startup: { about: 'time to ready on a fresh and on an existing data dir, and to shut down', run: startup },
  feeds: {
    about: 'feeds and post pages at 64 connections on 10k and 1M posts, app ÷ raw SQL (PostgreSQL)',
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
  'web-size': { about: 'gzip size of the JavaScript and CSS the /home screen loads first', run: webSize },
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
