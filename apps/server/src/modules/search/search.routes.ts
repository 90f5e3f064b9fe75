import { searchApi } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { MINUTE, byUserOrIp, type RateRule } from '../../platform/rate-limit';
import { search, suggest } from './search.service';

/** Search is the costliest read: per person, or per address should guests ever search. */
export const searchLimit: RateRule = { name: 'search', max: 60, windowMs: MINUTE, key: byUserOrIp };
/** Suggestions come as one types: more of them, each cheap. */
const suggestLimit: RateRule = { name: 'search-suggest', max: 240, windowMs: MINUTE, key: byUserOrIp };

export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, searchApi.search, { limits: [searchLimit] }, ({ query, auth }) => search(ctx, auth, query));
  route(app, ctx, searchApi.suggest, { limits: [suggestLimit] }, async ({ query, auth }) => ({
    data: await suggest(ctx, auth, query.q),
  }));
}
