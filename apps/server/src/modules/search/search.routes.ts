import { searchApi } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/http/route';
import { searchUsers } from './search.repo';

export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, searchApi.search, {}, async ({ query }) => {
    const wants = (type: string) => !query.type || query.type === type;
    return {
      data: {
        accounts: [],
        posts: [],
        users: wants('users') ? await searchUsers(ctx.db, query.q) : [],
      },
    };
  });
}
