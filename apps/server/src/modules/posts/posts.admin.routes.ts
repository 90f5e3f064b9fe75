import { postsAdminApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { requestUrl } from '../../platform/pagination';
import { importPosts } from './import.service';
import * as admin from './posts.admin.service';

/** The administration of posts: the table, moderation, the import. Each route's permission is in its contract. */
export function postsAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const url = (raw: string) => requestUrl(ctx.config.publicUrl, raw);

  route(app, ctx, api.list, {}, async ({ query, request, locale }) =>
    admin.list(ctx, query, { url: url(request.url), locale }),
  );

  route(app, ctx, api.reject, {}, async ({ auth, params, body }) => ({
    data: await admin.reject(ctx, auth, params.id, body.reason),
  }));

  route(app, ctx, api.restore, {}, async ({ auth, params }) => ({
    data: await admin.restore(ctx, auth, params.id),
  }));

  route(app, ctx, api.import, {}, async ({ auth, request, locale }) => importPosts(ctx, auth, request, locale));

  route(app, ctx, api.userAccounts, {}, async ({ params, query, request, locale }) =>
    admin.accountsOfUser(ctx, params.id, query, { url: url(request.url), locale }),
  );
}
