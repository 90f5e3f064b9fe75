import { creatorsApi as api, postsApi } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { t } from '../../platform/i18n';
import { requestUrl } from '../../platform/pagination';
import { checkUsername } from '../organizations/organizations.service';
import * as repo from './accounts.repo';
import * as accounts from './accounts.service';

export function accountsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.myAccounts, {}, async ({ auth }) => ({ data: await accounts.mine(ctx, auth) }));

  route(app, ctx, api.accountUsernameCheck, {}, async ({ query, locale }) =>
    checkUsername((u) => repo.usernameTaken(ctx.db, u), query.username, locale),
  );

  route(app, ctx, api.createAccount, {}, async ({ auth, body }) => ({ data: await accounts.create(ctx, auth, body) }));

  route(app, ctx, api.accountByUsername, { auth: 'optional' }, async ({ auth, params }) => ({
    data: await accounts.byUsername(ctx, auth, params.username),
  }));

  route(app, ctx, api.updateAccount, {}, async ({ auth, params, body, locale }) => ({
    message: t(locale, 'creators.account_updated'),
    data: await accounts.update(ctx, auth, params.id, body),
  }));

  route(app, ctx, postsApi.explore, { auth: 'optional' }, async ({ auth, query, request, locale }) =>
    accounts.explore(ctx, auth, query, requestUrl(ctx.config.publicUrl, request.url), locale),
  );

  route(app, ctx, api.deleteAccount, {}, async ({ auth, params }) => {
    await accounts.remove(ctx, auth, params.id);
  });
}
