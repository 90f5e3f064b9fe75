import { identityApi } from '@inkwell/contracts';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { testSettings } from '../config';
import { startTestServer } from '../../test/harness';

describe('REDIS_PREFIX (issue 25: two installs sharing one Redis mixed their rooms and counters)', () => {
  const redisUrl = testSettings().redisUrl;
  it.runIf(Boolean(redisUrl))('begins every rate-limit key and realtime channel of the install', async () => {
    const prefix = `acme-${Date.now().toString(36)}:`;
    const s = await startTestServer({ REDIS_PREFIX: prefix, RATE_LIMIT_SCALE: '1' });
    const redis = new Redis(redisUrl!);
    redis.on('error', () => undefined);
    try {
      const login = await s.call(identityApi.login, {
        body: { email: 'nobody@example.test', password: 'not-the-password', device_name: 'x' },
      });
      expect(login.status).toBe(422);
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      // The Socket.IO adapter listens on its key's channels.
      const channels = (await redis.pubsub('CHANNELS', `${prefix}*`)) as string[];
      expect(channels.length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
      await s.close();
    }
  });
});
