import { accountsApi as api } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { t } from '../../platform/i18n';
import { requestUrl } from '../../platform/pagination';
import { guestReadLimit } from '../../platform/rate-limit';
import { checkUsername } from '../organizations';
import * as repo from './accounts.repo';
import * as accounts from './accounts.service';

export function accountsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.mine, {}, async ({ auth }) => ({ data: await accounts.mine(ctx, auth) }));

  route(app, ctx, api.usernameCheck, {}, async ({ query, locale }) =>
    checkUsername((u) => repo.usernameTaken(ctx.db, u), query.username, locale),
  );

  route(app, ctx, api.create, {}, async ({ auth, body }) => ({ data: await accounts.create(ctx, auth, body) }));

  route(app, ctx, api.byUsername, { auth: 'optional', limits: [guestReadLimit] }, async ({ auth, params }) => ({
    data: await accounts.byUsername(ctx, auth, params.username),
  }));

  route(app, ctx, api.update, {}, async ({ auth, params, body, locale }) => ({
    message: t(locale, 'creators.account_updated'),
    data: await accounts.update(ctx, auth, params.id, body),
  }));

  route(
    app,
    ctx,
    api.explore,
    { auth: 'optional', limits: [guestReadLimit] },
    async ({ auth, query, request, locale }) =>
      accounts.explore(ctx, auth, query, { url: requestUrl(ctx.config.publicUrl, request.url), locale }),
  );

  route(app, ctx, api.remove, {}, async ({ auth, params }) => {
    await accounts.remove(ctx, auth, params.id);
  });

  route(app, ctx, api.adminList, {}, async ({ query, request, locale }) =>
    accounts.adminList(ctx, query, { url: requestUrl(ctx.config.publicUrl, request.url), locale }),
  );

  route(app, ctx, api.edit, {}, async ({ auth, params }) => ({ data: await accounts.forEdit(ctx, auth, params.id) }));

  route(app, ctx, api.organization, {}, async ({ auth, params }) => ({
    data: await accounts.organizationOf(ctx, auth, params.id),
  }));

  route(app, ctx, api.people, {}, async ({ auth, params, query, request, locale }) =>
    accounts.peopleOf(ctx, auth, params.id, query, { url: requestUrl(ctx.config.publicUrl, request.url), locale }),
  );
}
