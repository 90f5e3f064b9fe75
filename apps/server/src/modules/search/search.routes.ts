import { searchApi } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { MINUTE, byUserOrIp, type RateRule } from '../../platform/rate-limit';
import { searchAccounts, searchPosts, searchUsers } from './search.repo';

/** Substring search is the costliest read: per person, or per address should guests ever search. */
export const searchLimit: RateRule = { name: 'search', max: 60, windowMs: MINUTE, key: byUserOrIp };

export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, searchApi.search, { limits: [searchLimit] }, async ({ query, auth }) => {
    const viewer = auth.user.id;
    const wants = (type: string) => !query.type || query.type === type;
    const [accounts, posts, users] = await Promise.all([
      wants('accounts') ? searchAccounts(ctx.db, viewer, query.q) : [],
      wants('posts') ? searchPosts(ctx.db, viewer, query.q) : [],
      wants('users') ? searchUsers(ctx.db, viewer, query.q) : [],
    ]);
    return { data: { accounts, posts, users } };
  });
}
