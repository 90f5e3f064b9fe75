import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { mailOutbox } from '../../db/schema';
import type { JobQueue } from '../jobs/queue';
import type { MailContent } from './templates';

/** The job queue retries five times after the first attempt. */
const LAST_ATTEMPT = 6;

export interface Mailer {
  /** Writes the mail to the outbox and queues its delivery; returns the outbox id. */
  send(to: string, content: MailContent): Promise<number>;
  /** The `mail.send` job: delivers one outbox row once (SMTP), or logs it when no SMTP is set. */
  deliver(outboxId: number): Promise<void>;
  recent(limit: number, to?: string): Promise<(typeof mailOutbox.$inferSelect)[]>;
  close(): void;
}

export function createMailer(config: Config, db: Db, jobs: () => JobQueue, log: FastifyBaseLogger): Mailer {
  const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;

  return {
    async send(to, content) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to, subject: content.subject, text: content.text, html: content.html })
        .returning({ id: mailOutbox.id });
      await jobs().send('mail.send', { outboxId: row!.id });
      return row!.id;
    },

    async deliver(outboxId) {
      const [mail] = await db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1` })
        .where(eq(mailOutbox.id, outboxId))
        .returning();
      if (!mail || mail.status === 'sent' || mail.status === 'logged') return;
      if (!transport) {
        log.info(
          { to: mail.to, subject: mail.subject, text: mail.text },
          'mail (no SMTP_URL: logged, see /dev/mailbox)',
        );
        await db
          .update(mailOutbox)
          .set({ status: 'logged', sent_at: sql`now()` })
          .where(eq(mailOutbox.id, outboxId));
        return;
      }
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sent_at: sql`now()`, error: null })
          .where(eq(mailOutbox.id, outboxId));
      } catch (err) {
        await db
          .update(mailOutbox)
          .set({
            error: err instanceof Error ? err.message : String(err),
            status: mail.attempts >= LAST_ATTEMPT ? 'failed' : 'queued',
          })
          .where(eq(mailOutbox.id, outboxId));
        throw err;
      }
    },

    async recent(limit, to) {
      return db
        .select()
        .from(mailOutbox)
        .where(to ? sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}` : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
    },

    close() {
      transport?.close();
    },
  };
}
