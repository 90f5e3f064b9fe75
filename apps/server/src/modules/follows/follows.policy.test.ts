import { followsApi } from '@inkwell/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, follows } from '../../db/schema';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { castAccount, castOf, row, tryEveryone, type Cast } from '../../../test/policy-table';

let s: TestServer;
let cast: Cast;
beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
});
afterAll(async () => {
  await s?.close();
});

const hide = (id: number) => s.ctx.db.update(accounts).set({ approved_status: 'pending' }).where(eq(accounts.id, id));

//                   guest reader member owner other adm-lack admin root
describe('follow policy table (the account policy decides)', () => {
  it('follow a hidden account: whoever may see it; 404 for others', async () => {
    const account = await castAccount(cast, 'pending');
    const got = await tryEveryone(cast, 'accounts.view', async (p) => ({
      status: (await s.call(followsApi.follow, { params: { id: account.id }, token: p.token })).status,
    }));
    expect(got).toEqual(row(401, 404, 200, 200, 404, 404, 200, 200));
  });

  it('unfollow an account hidden since: everyone signed in, always', async () => {
    const account = await castAccount(cast);
    for (const person of Object.values(cast.people).filter((p) => p.token)) {
      await s.call(followsApi.follow, { params: { id: account.id }, token: person.token });
    }
    await s.call(followsApi.follow, {
      params: { id: account.id },
      token: (await cast.lacking('accounts.view')).token,
    });
    await hide(account.id);
    const got = await tryEveryone(cast, 'accounts.view', async (p) => ({
      status: (await s.call(followsApi.unfollow, { params: { id: account.id }, token: p.token })).status,
    }));
    expect(got).toEqual(row(401, 200, 200, 200, 200, 200, 200, 200));
    const [left] = await s.ctx.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(left!.followers_count).toBe(0);
  });
});

describe('unfollow (review: an account no longer visible answered 404)', () => {
  it('works once the account is hidden: the follow goes and the count drops, without telling the count', async () => {
    const owner = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, owner.user.id);
    const reader = await signedIn(s);
    expect((await s.call(followsApi.follow, { params: { id: account.id }, token: reader.token })).body).toEqual({
      is_followed: true,
      followers_count: 1,
      bell: false,
    });
    await hide(account.id);

    const res = await s.call(followsApi.unfollow, { params: { id: account.id }, token: reader.token });
    expect(res.status).toBe(200);
    // The count of an account the reader may no longer see is not theirs to learn: a missing id answers the same.
    expect(res.body).toEqual({ is_followed: false, followers_count: 0, bell: false });
    const missing = await s.call(followsApi.unfollow, { params: { id: 999999 }, token: reader.token });
    expect({ status: missing.status, body: missing.body }).toEqual({ status: 200, body: res.body });
    const left = await s.ctx.db
      .select()
      .from(follows)
      .where(and(eq(follows.user_id, reader.user.id), eq(follows.account_id, account.id)));
    expect(left).toHaveLength(0);
    const [stored] = await s.ctx.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(stored!.followers_count).toBe(0);
    // Following it again is for those who may see it.
    expect((await s.call(followsApi.follow, { params: { id: account.id }, token: reader.token })).status).toBe(404);
  });
});
