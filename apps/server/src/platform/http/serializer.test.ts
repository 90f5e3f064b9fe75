import { type EndpointResponse, postsApi, usersApi } from '@inkwell/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { posts, users } from '../../db/schema';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { route } from './route';

/** The contract's answers of `/user` and the public feed, served by routes that forgot to pick the columns. */
const leakyUser = { ...usersApi.me, path: '/test/leaky-user' } as const;
const leakyFeed = { ...postsApi.publicFeed, path: '/test/leaky-feed' } as const;

/**
 * Each answers what the real endpoint answers with the raw database row spread under it (the password hash,
 * the search text, the role id …) plus a made-up secret in a nested object: a service that returned rows.
 */
function leakyRoutes({ app, ctx }: App) {
  route(app, ctx, leakyUser, {}, async ({ request, auth }) => {
    const real = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: request.headers.authorization! },
    });
    const answer = real.json<{ data: Record<string, unknown> }>();
    const [row] = await ctx.db.select().from(users).where(eq(users.id, auth.user.id));
    const leaked = { data: { ...row!, ...answer.data, password_hash: row!.password_hash ?? 'hash' } };
    return leaked as unknown as EndpointResponse<typeof leakyUser>;
  });
  route(app, ctx, leakyFeed, { auth: 'none' }, async () => {
    const real = await app.inject({ method: 'GET', url: '/api/feed/public' });
    const answer = real.json<{ data: { id: number; account: object }[]; meta: object }>();
    const rows = await ctx.db
      .select()
      .from(posts)
      .where(
        inArray(
          posts.id,
          answer.data.map((p) => p.id),
        ),
      );
    const leaked = {
      ...answer,
      meta: { ...answer.meta, sql: 'select * from posts' },
      data: answer.data.map((p) => ({
        ...rows.find((r) => r.id === p.id)!,
        ...p,
        account: { ...p.account, owner_password_hash: 'owner-hash' },
      })),
    };
    return leaked as unknown as EndpointResponse<typeof leakyFeed>;
  });
}

const SECRETS = ['password_hash', 'role_id', 'search_text', 'owner_password_hash', 'sql'];

describe.each([
  ['test', {}],
  ['production', { NODE_ENV: 'production', APP_SECRET: 'p'.repeat(40), SMTP_URL: '' }],
])('the serializer in %s mode', (_mode, env: Record<string, string>) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(env, { beforeListen: leakyRoutes });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('never lets a column the contract does not list reach the client', async () => {
    const person = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, person.user.id, { approved: 'approved' });
    const created = await s.call(postsApi.create, {
      token: person.token,
      body: { account_id: account.id, type: 'status', content: 'Serialised with care' },
    });
    expect(created.status).toBe(201);

    const user = await s.call(leakyUser, { token: person.token });
    expect(user.status).toBe(200);
    expect(user.body).toEqual((await s.call(usersApi.me, { token: person.token })).body);

    const feed = await s.call(leakyFeed);
    expect(feed.status).toBe(200);
    expect(feed.body).toEqual((await s.call(postsApi.publicFeed)).body);
    expect(feed.body.data.map((p) => p.id)).toContain(created.body.data.id);

    for (const answer of [user, feed]) {
      const text = JSON.stringify(answer.body);
      for (const secret of SECRETS) expect(text).not.toContain(`"${secret}"`);
    }
  });
});
