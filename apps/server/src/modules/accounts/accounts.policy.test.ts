import { accountsApi, postsApi } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { castAccount, castOf, row, tryEveryone, type Cast, type Person } from '../../../test/policy-table';

let s: TestServer;
let cast: Cast;
beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
});
afterAll(async () => {
  await s?.close();
});

/** The account as `person` reads it: the status and the flags it offers (false when it cannot be read). */
async function read(person: Person, username: string) {
  const res = await s.call(accountsApi.byUsername, { params: { username }, token: person.token });
  return {
    status: res.status,
    can_modify: Boolean(res.body.data?.can_modify),
    can_delete: Boolean(res.body.data?.can_delete),
  };
}

const edit = (a: { name: string; username: string }) => ({
  name: `${a.name} edited`,
  username: a.username,
  description: 'x',
});

//                                    guest reader member owner other adm-lack admin root
describe('account policy table', () => {
  it('view a hidden (pending) account: its people and administrators with accounts.view; 404 for others', async () => {
    const account = await castAccount(cast, 'pending');
    const got = await tryEveryone(cast, 'accounts.view', async (p) => {
      const r = await read(p, account.username);
      return { status: r.status };
    });
    expect(got).toEqual(row(404, 404, 200, 200, 404, 404, 200, 200));
  });

  it('view a public account: everyone', async () => {
    const account = await castAccount(cast);
    const got = await tryEveryone(cast, 'accounts.view', async (p) => ({
      status: (await read(p, account.username)).status,
    }));
    expect(got).toEqual(row(200, 200, 200, 200, 200, 200, 200, 200));
  });

  it('edit a public account: its owner or accounts.update; can_modify says the same', async () => {
    const account = await castAccount(cast);
    const got = await tryEveryone(cast, 'accounts.edit', async (p) => {
      const { can_modify } = await read(p, account.username);
      const res = await s.call(accountsApi.update, { params: { id: account.id }, token: p.token, body: edit(account) });
      return { status: res.status, flag: can_modify };
    });
    expect(got).toEqual(row(401, 403, 403, 200, 403, 403, 200, 200));
  });

  it('edit a hidden account: 404 to whoever may not see it, 403 to who sees but may not edit', async () => {
    const account = await castAccount(cast, 'pending');
    const got = await tryEveryone(cast, 'accounts.edit', async (p) => {
      const { can_modify } = await read(p, account.username);
      const res = await s.call(accountsApi.update, { params: { id: account.id }, token: p.token, body: edit(account) });
      return { status: res.status, flag: can_modify };
    });
    expect(got).toEqual(row(401, 404, 403, 200, 404, 403, 200, 200));
  });

  it('delete a public account: its owner or accounts.delete; can_delete says the same', async () => {
    const got = await tryEveryone(cast, 'accounts.edit', async (p) => {
      const account = await castAccount(cast);
      const { can_delete } = await read(p, account.username);
      const res = await s.call(accountsApi.remove, { params: { id: account.id }, token: p.token });
      return { status: res.status, flag: can_delete };
    });
    expect(got).toEqual(row(401, 403, 403, 204, 403, 403, 204, 204));
  });

  it('delete a hidden account: 404 to whoever may not see it', async () => {
    const got = await tryEveryone(cast, 'accounts.edit', async (p) => {
      const account = await castAccount(cast, 'pending');
      const { can_delete } = await read(p, account.username);
      const res = await s.call(accountsApi.remove, { params: { id: account.id }, token: p.token });
      return { status: res.status, flag: can_delete };
    });
    expect(got).toEqual(row(401, 404, 403, 204, 404, 403, 204, 204));
  });

  it("a hidden account's posts list follows the same rule as the account", async () => {
    const account = await castAccount(cast, 'pending');
    const got = await tryEveryone(cast, 'accounts.view', async (p) => ({
      status: (await s.call(postsApi.ofAccount, { params: { id: account.id }, token: p.token })).status,
    }));
    expect(got).toEqual(row(404, 404, 200, 200, 404, 404, 200, 200));
  });

  it('publish as an account: its people only, administrators included in no other way', async () => {
    const account = await castAccount(cast);
    const got = await tryEveryone(cast, 'posts.moderate', async (p) => ({
      status: (
        await s.call(postsApi.create, {
          token: p.token,
          body: { account_id: account.id, type: 'status', content: 'Policy check' },
        })
      ).status,
    }));
    expect(got).toEqual(row(401, 403, 201, 201, 403, 403, 403, 403));
  });
});
