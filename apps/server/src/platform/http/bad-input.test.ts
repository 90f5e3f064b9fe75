import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { posts, users } from '../../db/schema';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
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
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/posts/${TOO_BIG}/comments`],
      ['PUT', `/api/posts/${TOO_BIG}`, { title: 'x' }],
      ['DELETE', `/api/posts/${TOO_BIG}`],
      ['DELETE', `/api/comments/${TOO_BIG}`],
      ['GET', `/api/accounts/${TOO_BIG}/posts`],
      ['POST', `/api/accounts/${TOO_BIG}/follow`],
      ['DELETE', `/api/accounts/${TOO_BIG}/follow`],
      ['PUT', `/api/accounts/${TOO_BIG}`, { name: 'x', username: 'xyz', description: 'x' }],
      ['DELETE', `/api/accounts/${TOO_BIG}`],
      ['PUT', `/api/users/${TOO_BIG}`, { name: 'x', username: 'xyz' }],
      ['DELETE', `/api/user/devices/${TOO_BIG}`],
      ['GET', `/api/payments/${TOO_BIG}`],
      ['POST', `/api/payments/${TOO_BIG}/sandbox`, { decision: 'approve' }],
      ['GET', `/api/posts/${2 ** 53}/comments`],
      ['GET', `/api/posts/99999999999999999999999999/comments`],
    ];
    for (const [method, path, body] of routes) {
      const res = await s.request(method, path, { token: c.token, body });
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(res.body.errors, `${method} ${path}`).toEqual({ id: [NOT_VALID] });
    }
    // The largest id that fits is a plain "not found".
    expect((await s.request('GET', '/api/posts/2147483647/comments', { token: c.token })).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('answer 422 in a body, on every field that holds an id, and change nothing', async () => {
    const c = await creator();
    const before = await counts();
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/comments', { post_id: TOO_BIG, content: 'Hi' }, 'post_id'],
      ['POST', '/api/comments', { post_id: c.post.id, content: 'Hi', parent_comment_id: TOO_BIG }, 'parent_comment_id'],
      ['POST', '/api/comments', { post_id: c.post.id, content: 'Hi', account_id: TOO_BIG }, 'account_id'],
      ['POST', '/api/likes', { likeable_type: 'post', likeable_id: TOO_BIG }, 'likeable_id'],
      ['POST', '/api/likes', { likeable_type: 'comment', likeable_id: String(TOO_BIG) }, 'likeable_id'],
      ['POST', '/api/posts', { account_id: TOO_BIG, type: 'status', content: 'Hi' }, 'account_id'],
      ['POST', '/api/subscribe', { plan_id: TOO_BIG, trial: true }, 'plan_id'],
      [
        'POST',
        '/api/accounts',
        { organization_id: TOO_BIG, name: 'N', username: 'fresh_name', description: 'D', terms: true },
        'organization_id',
      ],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await s.request(method, path, { token: c.token, body });
      expect(res.status, `${path} ${field}`).toBe(422);
      expect(res.body.errors[field], `${path} ${field}`).toEqual([NOT_VALID]);
    }
    // Burmese too.
    const my = await s.request('POST', '/api/likes', {
      token: c.token,
      lang: 'my',
      body: { likeable_type: 'post', likeable_id: TOO_BIG },
    });
    expect(my.body.errors.likeable_id).toEqual(['ဤတန်ဖိုး မမှန်ကန်ပါ။']);
    expect(await counts()).toEqual(before);
  });
});

describe('NUL characters', () => {
  it('in a comment, a post and a profile name answer 422 with a translated message, and nothing is stored', async () => {
    const c = await creator();
    const before = await counts();

    const comment = await s.request('POST', '/api/comments', {
      token: c.token,
      body: { post_id: c.post.id, content: 'Nice\u0000post' },
    });
    expect(comment.status).toBe(422);
    expect(comment.body).toEqual({
      code: 'validation_failed',
      message: 'Please check the highlighted fields.',
      errors: { content: [NUL_EN] },
    });

    const post = await s.request('POST', '/api/posts', {
      token: c.token,
      lang: 'th',
      body: { account_id: c.account.id, type: 'post', title: 'A\u0000', content: '<p>b\u0000</p>' },
    });
    expect(post.status).toBe(422);
    expect(post.body.errors).toEqual({
      title: ['ค่านี้มีอักขระที่ไม่อนุญาต (NUL) โปรดลบออกแล้วลองอีกครั้ง'],
      content: ['ค่านี้มีอักขระที่ไม่อนุญาต (NUL) โปรดลบออกแล้วลองอีกครั้ง'],
    });

    const edit = await s.request('PUT', `/api/posts/${c.post.id}`, { token: c.token, body: { content: '\u0000' } });
    expect(edit.status).toBe(422);

    const profile = await s.request('PUT', `/api/users/${c.user.id}`, {
      token: c.token,
      lang: 'my',
      body: { name: 'Aye\u0000Chan', username: 'ayechan_nul' },
    });
    expect(profile.status).toBe(422);
    expect(profile.body.errors).toEqual({
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
    const cases: [string, string, { body?: unknown; token?: string }, string][] = [
      ['GET', '/api/posts/slug/a%00b', {}, 'slug'],
      ['GET', '/api/accounts/by-username/ab%00', {}, 'username'],
      ['GET', '/api/search?q=%00', { token: reader.token }, 'q'],
      ['GET', '/api/accounts/username-check?username=a%00', { token: reader.token }, 'username'],
      ['POST', '/api/login', { body: { email: '\u0000', password: 'x', device_name: 'd' } }, 'email'],
      ['POST', '/api/password/forgot', { body: { email: 'a\u0000@example.test' } }, 'email'],
      ['POST', '/api/comments', { token: reader.token, body: { post_id: 1, content: 'x', ['k\u0000']: 1 } }, '_'],
      ['POST', '/api/payments/wavepay/notify', { body: { orderId: '\u0000' } }, 'orderId'],
    ];
    for (const [method, path, options, field] of cases) {
      const res = await s.request(method, path, options);
      expect(res.status, path).toBe(422);
      expect(res.body.errors[field], path).toEqual([NUL_EN]);
    }
    const form = await fetch(`${s.url}/api/payments/kbzpay/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'order_id=%00',
    });
    expect(form.status).toBe(422);
  });
});

describe('other client errors keep the contract shape', () => {
  it('a malformed percent-encoding in the path answers 400 with a translated message', async () => {
    const res = await s.request('GET', '/api/posts/%FF/comments', { lang: 'th' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'bad_request', message: 'ไม่สามารถอ่านคำขอได้' });
  });

  it('a body nested absurdly deep answers 400, also where no schema reads it', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    for (const path of ['/api/payments/wavepay/notify', '/api/login']) {
      const res = await fetch(`${s.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: deep,
      });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ code: 'bad_request', message: 'The request could not be read.' });
    }
  });

  it('malformed JSON, a wrong content type and a body too large answer 4xx with a message', async () => {
    const send = async (contentType: string, body: string) => {
      const res = await fetch(`${s.url}/api/login`, { method: 'POST', headers: { 'content-type': contentType }, body });
      return { status: res.status, body: (await res.json()) as { code?: unknown; message?: unknown } };
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
      const res = await s.request('PUT', `/api/users/${person.user.id}`, {
        token: admin.token,
        body: { name: 'Mya', username: person.user.username, dob },
      });
      expect(res.status, dob).toBe(422);
      expect(res.body.errors.dob, dob).toEqual([NOT_VALID]);
    }
    const ok = await s.request('PUT', `/api/users/${person.user.id}`, {
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
