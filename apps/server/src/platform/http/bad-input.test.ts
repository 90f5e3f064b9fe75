import {
  accountsApi,
  billingApi,
  buildPath,
  commentsApi,
  type EndpointDef,
  followsApi,
  identityApi,
  likesApi,
  postsApi,
  searchApi,
  usersApi,
} from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { posts, users } from '../../db/schema';
import { createCreatorAccount } from '../../../test/factories';
import { callOf, startTestServer, type CallOptions, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { sqlState } from './error-handler';

/** Issue 8, finding 7: bad input answers 4xx with the contract's shape and a translated message, never 5xx. */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const TOO_BIG = 2147483648;
const NOT_VALID = 'This value is not valid.';
const NUL_EN = 'This contains a character that is not allowed (NUL). Remove it and try again.';

async function creator() {
  const person = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, person.user.id);
  const [post] = await s.ctx.db
    .insert(posts)
    .values({
      account_id: account.id,
      author_id: person.user.id,
      type: 'status',
      slug: `p-${account.id}`,
      content: 'Hello',
    })
    .returning();
  return { ...person, account, post: post! };
}

/** One request of a table, named by its method and path for the failure message. */
const at = <E extends EndpointDef>(endpoint: E, options: CallOptions<E>) => ({
  label: `${endpoint.method} /api${options.unencodedParams ? endpoint.path : buildPath(endpoint.path, options.params)}`,
  send: () => callOf(s)(endpoint, options),
});

/** Row counts of the tables these requests could write to. */
async function counts() {
  const [row] = await queryRows<Record<string, number>>(
    s.ctx.db,
    sql`select (select count(*)::int from posts) as posts, (select count(*)::int from comments) as comments,
               (select count(*)::int from likes) as likes, (select count(*)::int from accounts) as accounts,
               (select count(*)::int from subscriptions) as subs`,
  );
  return row;
}

describe('ids past the integer columns', () => {
  it('answer 422 in a path, for every route with an id, and change nothing', async () => {
    const c = await creator();
    const before = await counts();
    const token = c.token;
    const params = { id: TOO_BIG };
    const routes = [
      at(commentsApi.ofPost, { params, token }),
      at(postsApi.update, { params, token, body: { title: 'x' } }),
      at(postsApi.remove, { params, token }),
      at(commentsApi.remove, { params, token }),
      at(postsApi.ofAccount, { params, token }),
      at(followsApi.follow, { params, token }),
      at(followsApi.unfollow, { params, token }),
      at(accountsApi.update, { params, token, body: { name: 'x', username: 'xyz', description: 'x' } }),
      at(accountsApi.remove, { params, token }),
      at(usersApi.update, { params, token, body: { name: 'x', username: 'xyz' } }),
      at(usersApi.revokeDevice, { params, token }),
      at(billingApi.payment, { params, token }),
      at(billingApi.sandboxDecision, { params, token, body: { decision: 'approve' } }),
      at(commentsApi.ofPost, { params: { id: 2 ** 53 }, token }),
      at(commentsApi.ofPost, { params: { id: '99999999999999999999999999' }, token }),
    ];
    for (const route of routes) {
      const res = await route.send();
      expect(res.status, route.label).toBe(422);
      expect(res.error.errors, route.label).toEqual({ id: [NOT_VALID] });
    }
    // The largest id that fits is a plain "not found".
    expect((await s.call(commentsApi.ofPost, { params: { id: 2147483647 }, token: c.token })).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('answer 422 in a body, on every field that holds an id, and change nothing', async () => {
    const c = await creator();
    const before = await counts();
    const token = c.token;
    const cases: [ReturnType<typeof at>, string][] = [
      [at(commentsApi.create, { token, body: { post_id: TOO_BIG, content: 'Hi' } }), 'post_id'],
      [
        at(commentsApi.create, { token, body: { post_id: c.post.id, content: 'Hi', parent_comment_id: TOO_BIG } }),
        'parent_comment_id',
      ],
      [
        at(commentsApi.create, { token, body: { post_id: c.post.id, content: 'Hi', account_id: TOO_BIG } }),
        'account_id',
      ],
      [at(likesApi.toggle, { token, body: { likeable_type: 'post', likeable_id: TOO_BIG } }), 'likeable_id'],
      [at(likesApi.toggle, { token, body: { likeable_type: 'comment', likeable_id: String(TOO_BIG) } }), 'likeable_id'],
      [at(postsApi.create, { token, body: { account_id: TOO_BIG, type: 'status', content: 'Hi' } }), 'account_id'],
      [at(billingApi.subscribe, { token, body: { plan_id: TOO_BIG, trial: true } }), 'plan_id'],
      [
        at(accountsApi.create, {
          token,
          body: { organization_id: TOO_BIG, name: 'N', username: 'fresh_name', description: 'D', terms: true },
        }),
        'organization_id',
      ],
    ];
    for (const [route, field] of cases) {
      const res = await route.send();
      expect(res.status, `${route.label} ${field}`).toBe(422);
      expect(res.error.errors![field], `${route.label} ${field}`).toEqual([NOT_VALID]);
    }
    // Burmese too.
    const my = await s.call(likesApi.toggle, {
      token: c.token,
      lang: 'my',
      body: { likeable_type: 'post', likeable_id: TOO_BIG },
    });
    expect(my.error.errors!.likeable_id).toEqual(['ဤတန်ဖိုး မမှန်ကန်ပါ။']);
    expect(await counts()).toEqual(before);
  });
});

describe('NUL characters', () => {
  it('in a comment, a post and a profile name answer 422 with a translated message, and nothing is stored', async () => {
    const c = await creator();
    const before = await counts();

    const comment = await s.call(commentsApi.create, {
      token: c.token,
      body: { post_id: c.post.id, content: 'Nice\u0000post' },
    });
    expect(comment.status).toBe(422);
    expect(comment.body).toEqual({
      code: 'validation_failed',
      message: 'Please check the highlighted fields.',
      errors: { content: [NUL_EN] },
    });

    const post = await s.call(postsApi.create, {
      token: c.token,
      lang: 'th',
      body: { account_id: c.account.id, type: 'post', title: 'A\u0000', content: '<p>b\u0000</p>' },
    });
    expect(post.status).toBe(422);
    expect(post.error.errors).toEqual({
      title: ['ค่านี้มีอักขระที่ไม่อนุญาต (NUL) โปรดลบออกแล้วลองอีกครั้ง'],
      content: ['ค่านี้มีอักขระที่ไม่อนุญาต (NUL) โปรดลบออกแล้วลองอีกครั้ง'],
    });

    const edit = await s.call(postsApi.update, {
      params: { id: c.post.id },
      token: c.token,
      body: { content: '\u0000' },
    });
    expect(edit.status).toBe(422);

    const profile = await s.call(usersApi.update, {
      params: { id: c.user.id },
      token: c.token,
      lang: 'my',
      body: { name: 'Aye\u0000Chan', username: 'ayechan_nul' },
    });
    expect(profile.status).toBe(422);
    expect(profile.error.errors).toEqual({
      name: ['ဤတန်ဖိုးတွင် ခွင့်မပြုသော စာလုံး (NUL) ပါဝင်နေပါသည်။ ၎င်းကို ဖယ်ရှားပြီး ထပ်ကြိုးစားပါ။'],
    });

    expect(await counts()).toEqual(before);
    const [me] = await s.ctx.db
      .select({ name: users.name })
      .from(users)
      .where(sql`${users.id} = ${c.user.id}`);
    expect(me!.name).toBe(c.user.name);
    const [stored] = await s.ctx.db
      .select({ content: posts.content })
      .from(posts)
      .where(sql`${posts.id} = ${c.post.id}`);
    expect(stored!.content).toBe('Hello');
  });

  it('in a path, a query, a login, a key or a form body answers 422, for guests too', async () => {
    const reader = await signedIn(s);
    const token = reader.token;
    // Percent-encoded by the harness: `a%00b`, `ab%00`, `q=%00`, `username=a%00`.
    const cases: [ReturnType<typeof at>, string][] = [
      [at(postsApi.bySlug, { params: { slug: 'a\u0000b' } }), 'slug'],
      [at(accountsApi.byUsername, { params: { username: 'ab\u0000' } }), 'username'],
      [at(searchApi.search, { query: { q: '\u0000' }, token }), 'q'],
      [at(accountsApi.usernameCheck, { query: { username: 'a\u0000' }, token }), 'username'],
      [at(identityApi.login, { body: { email: '\u0000', password: 'x', device_name: 'd' } }), 'email'],
      [at(identityApi.forgotPassword, { body: { email: 'a\u0000@example.test' } }), 'email'],
      [at(commentsApi.create, { token, rawBody: { post_id: 1, content: 'x', ['k\u0000']: 1 } }), '_'],
      [at(billingApi.notify, { params: { provider: 'wavepay' }, rawBody: { orderId: '\u0000' } }), 'orderId'],
    ];
    for (const [route, field] of cases) {
      const res = await route.send();
      expect(res.status, route.label).toBe(422);
      expect(res.error.errors![field], route.label).toEqual([NUL_EN]);
    }
    const form = await s.call(billingApi.notify, {
      params: { provider: 'kbzpay' },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'order_id=%00',
    });
    expect(form.status).toBe(422);
  });
});

describe('other client errors keep the contract shape', () => {
  it('a malformed percent-encoding in the path answers 400 with a translated message', async () => {
    const res = await s.call(commentsApi.ofPost, { params: { id: '%FF' }, unencodedParams: true, lang: 'th' });
    expect(res.status).toBe(400);
    expect(res.error).toEqual({ code: 'bad_request', message: 'ไม่สามารถอ่านคำขอได้' });
  });

  it('a body nested absurdly deep answers 400, also where no schema reads it', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const sent = { headers: { 'content-type': 'application/json' }, payload: deep };
    for (const route of [
      at(billingApi.notify, { params: { provider: 'wavepay' }, ...sent }),
      at(identityApi.login, sent),
    ]) {
      const res = await route.send();
      expect(res.status, route.label).toBe(400);
      expect(res.error).toEqual({ code: 'bad_request', message: 'The request could not be read.' });
    }
  });

  it('malformed JSON, a wrong content type and a body too large answer 4xx with a message', async () => {
    const send = async (contentType: string, body: string) => {
      const res = await s.call(identityApi.login, { headers: { 'content-type': contentType }, payload: body });
      return { status: res.status, body: res.error };
    };
    expect(await send('application/json', '{"email":')).toEqual({
      status: 400,
      body: { code: 'bad_request', message: 'The request could not be read.' },
    });
    expect(await send('text/xml', '<a/>')).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } });
    const big = await send('application/json', `{"email":"${'x'.repeat(1024 * 1024)}"}`);
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('payload_too_large');
    expect(typeof big.body.message).toBe('string');
  });

  it('an impossible date of birth is refused before the database sees it', async () => {
    const admin = await signedIn(s, { role: 'admin' });
    const person = await signedIn(s);
    for (const dob of ['0000-01-01', '1970-02-31', '1899-12-31', '2999-01-01']) {
      const res = await s.call(usersApi.update, {
        params: { id: person.user.id },
        token: admin.token,
        body: { name: 'Mya', username: person.user.username, dob },
      });
      expect(res.status, dob).toBe(422);
      expect(res.error.errors!.dob, dob).toEqual([NOT_VALID]);
    }
    const ok = await s.call(usersApi.update, {
      params: { id: person.user.id },
      token: admin.token,
      body: { name: 'Mya', username: person.user.username, dob: '1990-02-28' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.dob).toBe('1990-02-28');
  });

  it('the safety net recognises the database errors bad input causes, as this database raises them', async () => {
    const stateOf = async (query: ReturnType<typeof sql>) => {
      try {
        await s.ctx.db.execute(query);
      } catch (error) {
        return sqlState(error);
      }
      return 'no error';
    };
    expect(await stateOf(sql`select ${String(TOO_BIG)}::int`)).toBe('22003');
    expect(await stateOf(sql`select 'abc'::int`)).toBe('22P02');
    expect(await stateOf(sql`select '0000-01-01'::date`)).toBe('22008');
    expect(await stateOf(sql`select ${'a\u0000b'}::text`)).toMatch(/^(22021|22P05)$/);
    expect(await stateOf(sql`select 1`)).toBe('no error');
    expect(sqlState(new Error('plain'))).toBeUndefined();
    expect(sqlState({ code: 'EPIPE' })).toBeUndefined();
  });
});
