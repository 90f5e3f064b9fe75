import { testSettings } from '../src/config';
import { connectDatabase } from '../src/db/connect';
import { emptyPostgresDatabase } from './database';
import { startTestServer, type TestServer } from './harness';
import { startTcpRelay, type TcpRelay } from './tcp-relay';

/**
 * A test server whose database (a new one on TEST_DATABASE_URL's server) it reaches through a TCP relay the test
 * can cut, mend or silence; `direct` reaches the same database around the relay. `close` ends the relay first:
 * that ends every connection it carried, so the server's close is not held by one the fault left silent.
 */
export async function startRelayedServer(
  poolSize: number,
): Promise<{ relay: TcpRelay; s: TestServer; direct: string; close: () => Promise<void> }> {
  const base = new URL(testSettings().databaseUrl!);
  const relay = await startTcpRelay({ host: base.hostname, port: Number(base.port || 5432) });
  const { url, drop } = await emptyPostgresDatabase(base.toString());
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);
  const database = await connectDatabase({ kind: 'postgres', url: relayed.toString(), poolSize });
  const s = await startTestServer({}, { database: { database, url: relayed.toString(), drop } });
  const close = async () => {
    await relay.close();
    await s.close();
  };
  return { relay, s, direct: url, close };
}
