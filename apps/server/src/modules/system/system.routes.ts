import { systemApi } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import { migrationCount, migrationsApplied } from '../../db/migrate';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { sentToLoopbackName } from '../../platform/http/hosts';
import { fromThisMachine } from '../../platform/http/loopback';
import { route } from '../../platform/http/route';

export function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await migrationsApplied(ctx.database, migrationCount());
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready' });
  });

  // The mailbox lets a person trying Inkwell on their own machine open activation and reset mails. Anyone
  // else reading it could reset any password (root's included), so it exists only while mail is not sent
  // at all, outside production, and answers only requests made on this machine to a loopback name (a page
  // that rebinds its own name to 127.0.0.1 sends that name, not `localhost`).
  if (!ctx.config.isProduction && !ctx.config.smtpUrl) {
    route(app, ctx, systemApi.devMailbox, { auth: 'none' }, async ({ query, request }) => {
      if (!fromThisMachine(request) || !sentToLoopbackName(request)) throw notFound();
      const rows = await ctx.mail.recent(50, query.to);
      return {
        data: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          status: m.status,
          created_at: m.created_at.toISOString(),
        })),
      };
    });
  }
}
