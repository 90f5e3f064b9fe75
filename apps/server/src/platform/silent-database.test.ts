import { postsApi } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSettings } from '../config';
import { connectDatabase } from '../db/connect';
import { createCreatorAccount } from '../seed/factories';
import { emptyPostgresDatabase } from '../../test/database';
import { startTestServer, type TestServer } from '../../test/harness';
import { signedIn } from '../../test/identity-helpers';
import { startTcpRelay, type TcpRelay } from '../../test/tcp-relay';
import { quietFor } from '../../test/sockets';

/**
 * A database that stops answering without refusing (its packets black-holed) leaves queries waiting on open
 * sockets. A stop must still end: each shutdown step has a deadline (closeContext), so the process is not held
 * by a pool waiting for a client that will never come back.
 */
describe.runIf(Boolean(testSettings().databaseUrl))('a database that falls silent', () => {
  let relay: TcpRelay;
  let s: TestServer;
  beforeAll(async () => {
    const base = new URL(testSettings().databaseUrl!);
    relay = await startTcpRelay({ host: base.hostname, port: Number(base.port || 5432) });
    const { url, drop } = await emptyPostgresDatabase(base.toString());
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    const database = await connectDatabase({ kind: 'postgres', url: relayed.toString(), poolSize: 3 });
    s = await startTestServer({}, { database: { database, url: relayed.toString(), drop } });
  });
  afterAll(async () => {
    await relay?.close();
    await s?.close();
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
