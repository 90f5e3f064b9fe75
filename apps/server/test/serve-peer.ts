/**
 * A second `serve` process (started by peer-server.ts): the real app on the same database (and Redis, realtime
 * key, faults) as the test's own server, configured by its environment. Prints `ready` once it listens.
 */
import { buildApp } from '../src/app';
import { loadConfig, testSettings } from '../src/config';

const config = loadConfig();
const { app } = await buildApp(config, { realtimeKey: testSettings().realtimeKey, logger: false });
await app.listen({ port: config.port, host: config.host });
console.log('ready');
const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
