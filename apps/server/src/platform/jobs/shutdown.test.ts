import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { startTestServer } from '../../../test/harness';

describe('graceful shutdown', () => {
  it('lets a running job finish before the database closes', async () => {
    const s = await startTestServer({ SHUTDOWN_TIMEOUT_MS: '10000' }, { smtpDelayMs: 1500 });
    try {
      const id = await s.ctx.mail.send('slow@example.test', { subject: 'Slow', text: 'hello', html: '<p>hello</p>' });
      // Wait until the worker has taken the job (the attempt is counted as it starts).
      for (let i = 0; i < 100; i++) {
        const [row] = await s.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        if (row!.attempts > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const closing = Date.now();
      await s.app.close();
      expect(Date.now() - closing).toBeGreaterThan(500);
      expect(s.smtp.received.map((m) => m.subject)).toContain('Slow');
      // New requests are refused while closing; the server is gone now.
      await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
    } finally {
      await s.close();
    }
  });
});
