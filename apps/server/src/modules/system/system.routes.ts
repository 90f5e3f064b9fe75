import { systemApi } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import { migrationsApplied } from '../../db/migrate';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { migrationCount } from '../../platform/paths';

export function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await migrationsApplied(ctx.database, migrationCount());
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready' });
  });

  // The mailbox lets a person trying Inkwell locally open activation and reset mails.
  if (!ctx.config.isProduction) {
    route(app, ctx, systemApi.devMailbox, { auth: 'none' }, async ({ query }) => {
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
