import {
  billingApi,
  commentsApi,
  followsApi,
  mediaApi,
  organizationsApi,
  postsApi,
  reportsApi,
  searchApi,
  TUS_PATH,
  usersApi,
} from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreatorAccount } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { createUser } from '../../test/factories';
import { accessTokens } from '../db/schema';
import { subscribeLimit } from '../modules/billing';
import { commentLimits } from '../modules/comments';
import { followLimit } from '../modules/follows';
import { uploadLimit } from '../modules/media';
import { createOrganizationLimit } from '../modules/organizations';
import { createPostLimit } from '../modules/posts';
import { reportLimit } from '../modules/reports';
import { searchLimit } from '../modules/search';
import { passwordChangeLimit } from '../modules/users';
import { hashToken, newToken } from './auth/tokens';
import { scaledMax, type RateRule } from './rate-limit';

/** Writes and costly reads are limited per person: a small RATE_LIMIT_SCALE makes each limit reachable. */
const SCALE = 0.1;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ RATE_LIMIT_SCALE: String(SCALE) });
});
afterAll(async () => {
  await s?.close();
});

type Answer = Awaited<ReturnType<TestServer['request']>>;

/** A signed-in person, without the sign-in route (its own limit is scaled down here too). */
async function signedIn(server: TestServer) {
  const user = await createUser(server.ctx.db);
  const token = newToken();
  await server.ctx.db
    .insert(accessTokens)
    .values({ user_id: user.id, device_name: 'Test device', token_hash: hashToken(token), last_used_at: new Date() });
  return { user, token };
}

/** Sends `max` requests (none refused, whatever else they answer), then one more that must be a 429. */
async function reachLimit(rule: RateRule, send: (i: number) => Promise<Answer>) {
  const max = scaledMax(rule.max, SCALE);
  for (let i = 0; i < max; i++) {
    const res = await send(i);
    expect(res.status, `${rule.name} #${i + 1}: ${JSON.stringify(res.body)}`).not.toBe(429);
    expect(res.status).toBeLessThan(500);
  }
  const refused = await send(max);
  expect(refused.status, rule.name).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  return refused;
}

describe('per-person rate limits', () => {
  it('password change: wrong current passwords are refused with 429 past the limit', async () => {
    const { token } = await signedIn(s);
    const refused = await reachLimit(passwordChangeLimit, () =>
      s.call(usersApi.changePassword, {
        token,
        body: {
          current_password: 'not-my-password',
          password: 'next-passphrase-1',
          password_confirmation: 'next-passphrase-1',
        },
      }),
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50 * 60);
    // Another person is not affected.
    const other = await signedIn(s);
    const theirs = await s.call(usersApi.changePassword, {
      token: other.token,
      body: {
        current_password: 'not-my-password',
        password: 'next-passphrase-1',
        password_confirmation: 'next-passphrase-1',
      },
    });
    expect(theirs.status).toBe(422);
  });

  it('subscribe', async () => {
    const { token } = await signedIn(s);
    await reachLimit(subscribeLimit, () =>
      s.call(billingApi.subscribe, { token, body: { plan_id: 2_000_000_000, billing_cycle: 'monthly' } }),
    );
  });

  it('create post', async () => {
    const person = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, person.user.id);
    await reachLimit(createPostLimit, (i) =>
      s.call(postsApi.create, {
        token: person.token,
        body: { account_id: account.id, type: 'status', content: `Status number ${i}` },
      }),
    );
  });

  it('report', async () => {
    const { token } = await signedIn(s);
    // Missing targets answer 404: the limit counts every try, so probing ids is limited too.
    await reachLimit(reportLimit, (i) =>
      s.call(reportsApi.create, { token, body: { target_type: 'post', target_id: 2_000_000_000 - i, reason: 'spam' } }),
    );
  });

  it('create comment', async () => {
    const { token } = await signedIn(s);
    await reachLimit(commentLimits.minute, (i) =>
      s.call(commentsApi.create, { token, body: { post_id: 2_000_000_000, content: `Comment ${i}` } }),
    );
  });

  it('create organization', async () => {
    const { token } = await signedIn(s);
    await reachLimit(createOrganizationLimit, (i) =>
      s.call(organizationsApi.create, {
        token,
        body: { name: 'Org', username: `rl_org_${Date.now().toString(36)}_${i}`, description: 'An organization' },
      }),
    );
  });

  it('search', async () => {
    const { token } = await signedIn(s);
    await reachLimit(searchLimit, () => s.call(searchApi.search, { query: { q: 'yangon' }, token }));
  });

  it("uploads: a resumable upload's creation and a multipart upload share one counter", async () => {
    const { token } = await signedIn(s);
    // tus routes are raw (no contract endpoint): the creation is a plain request.
    const createResumable = async (): Promise<Answer> => {
      const res = await fetch(`${s.url}/api${TUS_PATH}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          'upload-length': '10',
          'upload-metadata': `kind ${Buffer.from('photos').toString('base64')}`,
        },
      });
      return { status: res.status, body: await res.text(), headers: res.headers };
    };
    const multipart = () => {
      const form = new FormData();
      form.append('type', 'photos');
      form.append('url', new Blob(['not a picture']), 'a.png');
      return s.call(mediaApi.uploadImage, { token, payload: form });
    };
    await reachLimit(uploadLimit, (i) => (i % 2 === 0 ? createResumable() : multipart()));
  });

  it('follow and unfollow share one counter', async () => {
    const owner = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, owner.user.id);
    const { token } = await signedIn(s);
    await reachLimit(followLimit, (i) =>
      s.call(i % 2 === 0 ? followsApi.follow : followsApi.unfollow, { params: { id: account.id }, token }),
    );
  });
});
