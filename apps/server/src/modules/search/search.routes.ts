import { searchApi } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { searchAccounts, searchPosts, searchUsers } from './search.repo';

export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, searchApi.search, {}, async ({ query }) => {
    const wants = (type: string) => !query.type || query.type === type;
    const [accounts, posts, users] = await Promise.all([
      wants('accounts') ? searchAccounts(ctx.db, query.q) : [],
      wants('posts') ? searchPosts(ctx.db, query.q) : [],
      wants('users') ? searchUsers(ctx.db, query.q) : [],
    ]);
    return { data: { accounts, posts, users } };
  });
}
