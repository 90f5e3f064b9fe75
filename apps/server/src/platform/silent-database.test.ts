import { postsApi } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSettings } from '../config';
import { createCreatorAccount } from '../seed/factories';
import type { TestServer } from '../../test/harness';
import { signedIn } from '../../test/identity-helpers';
import { startRelayedServer } from '../../test/relayed-server';
import type { TcpRelay } from '../../test/tcp-relay';
import { quietFor } from '../../test/sockets';

/**
 * A database that stops answering without refusing (its packets black-holed) leaves queries waiting on open
 * sockets. A stop must still end: each shutdown step has a deadline (closeContext), so the process is not held
 * by a pool waiting for a client that will never come back.
 */
describe.runIf(Boolean(testSettings().databaseUrl))('a database that falls silent', () => {
  let relay: TcpRelay;
  let s: TestServer;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ relay, s, close } = await startRelayedServer(3));
  });
  afterAll(async () => {
    await close?.();
  });

  it('does not hold the server’s stop past its deadlines', async () => {
    const writer = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, writer.user.id);
    relay.silence();
    // Requests that will wait on the silent sockets, holding pooled clients.
    const stuck = [0, 1, 2].map((i) =>
      s
        .call(postsApi.create, {
          body: { account_id: account.id, type: 'status', content: `Stuck ${i}` },
          token: writer.token,
        })
        .catch(() => undefined),
    );
    await quietFor(500);

    // What SIGTERM runs (main.ts): the HTTP server's close, then closeContext.
    const started = Date.now();
    await s.app.close();
    const took = Date.now() - started;
    // The harness runs with SHUTDOWN_TIMEOUT_MS=2000; each later step may take 5 s at most.
    expect(took).toBeLessThan(2000 + 3 * 5000 + 2000);
    await relay.close();
    await Promise.all(stuck);
  }, 40_000);
});
