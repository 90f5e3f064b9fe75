import { safetyApi as api, type Locale } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { requestUrl, type PageAt } from '../../platform/pagination';
import { HOUR, byUser, type RateRule } from '../../platform/rate-limit';
import * as safety from './safety.service';

/** Blocking and muting write rows and end follows: enough for a wave of abuse, not for a script. */
export const safetyLimit: RateRule = { name: 'safety', max: 120, windowMs: HOUR, key: byUser };

export function safetyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const at = (request: { url: string }, locale: Locale): PageAt => ({
    url: requestUrl(ctx.config.publicUrl, request.url),
    locale,
  });
  const limits = [safetyLimit];
  route(app, ctx, api.block, { limits }, ({ auth, params }) => safety.block(ctx, auth, params.id, true));
  route(app, ctx, api.unblock, { limits }, ({ auth, params }) => safety.block(ctx, auth, params.id, false));
  route(app, ctx, api.blockAccount, { limits }, ({ auth, params }) => safety.blockAccount(ctx, auth, params.id, true));
  route(app, ctx, api.unblockAccount, { limits }, ({ auth, params }) =>
    safety.blockAccount(ctx, auth, params.id, false),
  );
  route(app, ctx, api.mute, { limits }, ({ auth, params }) => safety.mute(ctx, auth, params.id, true));
  route(app, ctx, api.unmute, { limits }, ({ auth, params }) => safety.mute(ctx, auth, params.id, false));
  route(app, ctx, api.blocks, {}, ({ auth, query, request, locale }) =>
    safety.blocks(ctx, auth, query, at(request, locale)),
  );
  route(app, ctx, api.mutes, {}, ({ auth, query, request, locale }) =>
    safety.mutes(ctx, auth, query, at(request, locale)),
  );
  route(app, ctx, api.mutedWords, {}, async ({ auth }) => ({ data: await safety.mutedWords(ctx, auth) }));
  route(app, ctx, api.setMutedWords, { limits }, async ({ auth, body }) => ({
    data: await safety.setMutedWords(ctx, auth, body),
  }));
}
