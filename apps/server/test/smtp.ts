import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback that keeps what it receives, for tests of outgoing mail. */
export async function startSmtpReceiver(options: { delayMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          // A slow mail server, for tests of jobs that must finish during shutdown.
          if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
          const to = [mail.to].flat().flatMap((a) => (a ? a.value.map((v) => v.address ?? '') : []));
          received.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: String(mail.html || '') });
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves with the first mail to `address` matching `filter`, waiting up to `timeoutMs`. */
    async waitFor(address: string, filter: (m: ReceivedMail) => boolean = () => true, timeoutMs = 15_000) {
      const find = () => received.find((m) => m.to.includes(address.toLowerCase()) && filter(m));
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = find();
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 250);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
