import fs from 'node:fs';
import path from 'node:path';
import { commentsApi, identityApi, postsApi, pushApi, type PushSubscriptionBody } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, pushSubscriptions } from '../../db/schema';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { loginAgain, signedIn } from '../../../test/identity-helpers';
import { startPushService, type TestBrowser } from '../../../test/push-service';
import { jobsSettled, waitFor } from '../../../test/wait-for';
import { allowedEndpoint } from './push.policy';

let s: TestServer;
let service: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  service = await startPushService();
  s = await startTestServer({
    PUSH_ALLOWED_ORIGINS: `https://fcm.googleapis.com,${service.origin}`,
    VAPID_SUBJECT: 'mailto:ops@inkwell.test',
  });
});
afterAll(async () => {
  await s?.close();
  await service?.close();
});

type Who = Awaited<ReturnType<typeof signedIn>>;

const register = (who: Who, browser: TestBrowser | PushSubscriptionBody) =>
  s.call(pushApi.subscribe, { body: { endpoint: browser.endpoint, keys: browser.keys }, token: who.token });

/** Someone comments on the owner's post: one notification for the owner. */
async function commentFor(owner: Who, text = 'Lovely photo') {
  const account = await createCreatorAccount(s.ctx.db, owner.user.id);
  const post = await s.call(postsApi.create, {
    token: owner.token,
    body: { account_id: account.id, type: 'status', content: 'Inle at dawn' },
  });
  const reader = await signedIn(s, { name: 'Ko Zaw' });
  await s.call(commentsApi.create, {
    token: reader.token,
    body: { post_id: post.body.data.id, content: text },
  });
  return { post: post.body.data as { slug: string } };
}

describe('Web Push', () => {
  it('encrypts each notification for the browser (aes128gcm) under a VAPID signature a push service accepts', async () => {
    const owner = await signedIn(s);
    const browser = service.browser();
    const key = await s.call(pushApi.publicKey);
    expect(key.status).toBe(200);
    const subscribed = await register(owner, browser);
    expect([subscribed.status, subscribed.body.message]).toEqual([201, 'Notifications are on for this browser.']);

    const { post } = await commentFor(owner, 'Lovely photo');
    const got = await waitFor(() => {
      const push = service.received.find((r) => r.path === new URL(browser.endpoint).pathname);
      expect(push).toBeDefined();
      return push!;
    });
    expect(got.payload).toEqual({
      title: 'Ko Zaw commented on your post',
      body: 'Lovely photo',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-72.png',
      tag: expect.stringMatching(/^comment-\d+$/),
      url: `/posts/${post.slug}`,
      type: 'comment',
      unread_count: 1,
    });
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    expect(got.vapidKey).toBe(key.body.data);
    expect(got.claims.aud).toBe(service.origin);
    expect(got.claims.sub).toBe('mailto:ops@inkwell.test');
    expect(got.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(got.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
    await waitFor(async () => {
      const [row] = await s.ctx.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, browser.endpoint));
      expect(row!.last_success_at).not.toBeNull();
    });
  });

  it('a 410 from the push service deletes the subscription; a 503 is tried again until it goes through', async () => {
    const owner = await signedIn(s);
    const gone = service.browser();
    const busy = service.browser();
    await register(owner, gone);
    await register(owner, busy);
    service.answer(gone, 410);
    service.answer(busy, 503);
    await commentFor(owner);
    await waitFor(async () => {
      expect(
        await s.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.endpoint)),
      ).toEqual([]);
    });
    await waitFor(() => expect(service.received.some((r) => r.path === new URL(busy.endpoint).pathname)).toBe(true), {
      timeoutMs: 25_000,
    });
  });

  it('only endpoints of allowed push services are kept; 422 for any other host, and nothing is stored', async () => {
    const who = await signedIn(s);
    const browser = service.browser();
    for (const endpoint of [
      'https://evil.example/push/1',
      'http://127.0.0.1:1/push/1',
      'https://fcm.googleapis.com.evil.example/push',
      'https://user:pass@fcm.googleapis.com/push',
      'file:///etc/passwd',
    ]) {
      const res = await s.call(pushApi.subscribe, { body: { endpoint, keys: browser.keys }, token: who.token });
      expect(res.status, endpoint).toBe(422);
    }
    const refused = await s.call(pushApi.subscribe, {
      body: { endpoint: 'https://evil.example/x', keys: browser.keys },
      token: who.token,
    });
    expect(refused.error.errors?.endpoint).toEqual(['This push service is not one we send to.']);
    expect(await s.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, who.user.id))).toEqual(
      [],
    );
    expect((await s.call(pushApi.subscribe, { body: { endpoint: browser.endpoint, keys: browser.keys } })).status).toBe(
      401,
    );
    const badKeys = await s.call(pushApi.subscribe, {
      token: who.token,
      body: { endpoint: browser.endpoint, keys: { p256dh: 'not base64!', auth: 'x' } },
    });
    expect(badKeys.status).toBe(422);
  });

  it('signing out (or revoking the device) removes that browser’s subscription; DELETE removes only one’s own', async () => {
    const who = await signedIn(s);
    const other = await signedIn(s);
    const here = service.browser();
    await register(who, here);
    const phone = await loginAgain(s, who.user, 'Phone');
    const there = service.browser();
    await s.call(pushApi.subscribe, { body: { endpoint: there.endpoint, keys: there.keys }, token: phone });
    const endpoints = async () =>
      (await s.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, who.user.id)))
        .map((r) => r.endpoint)
        .sort();
    expect(await endpoints()).toEqual([here.endpoint, there.endpoint].sort());

    // Someone else cannot remove it by naming its endpoint.
    await s.call(pushApi.unsubscribe, { body: { endpoint: here.endpoint }, token: other.token });
    expect(await endpoints()).toHaveLength(2);

    expect((await s.call(identityApi.logout, { token: phone })).status).toBe(204);
    expect(await endpoints()).toEqual([here.endpoint]);
    expect((await s.call(pushApi.unsubscribe, { body: { endpoint: here.endpoint }, token: who.token })).status).toBe(
      204,
    );
    expect(await endpoints()).toEqual([]);
    expect(await s.ctx.db.select().from(accessTokens).where(eq(accessTokens.user_id, who.user.id))).toHaveLength(1);
  });

  it('another person may not take an endpoint with other keys: 409, translated, and it stays with its owner', async () => {
    const [owner, taker] = await Promise.all([signedIn(s), signedIn(s)]);
    const browser = service.browser();
    expect((await register(owner, browser)).status).toBe(201);
    const forged = { endpoint: browser.endpoint, keys: service.browser().keys };
    const refused = await s.call(pushApi.subscribe, { body: forged, token: taker.token, lang: 'th' });
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({
      code: 'push.endpoint_taken',
      message: 'เบราว์เซอร์นี้ลงทะเบียนรับการแจ้งเตือนไว้กับบัญชีอื่นแล้ว',
    });
    const my = await s.call(pushApi.subscribe, { body: forged, token: taker.token, lang: 'my' });
    expect(my.error.message).toBe('ဤဘရောက်ဆာကို အခြားအကောင့်တစ်ခုအတွက် အသိပေးချက်များ လက်ခံရန် မှတ်ပုံတင်ထားပြီးဖြစ်သည်။');
    const rows = await s.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(rows.map((r) => [r.user_id, r.p256dh, r.auth])).toEqual([
      [owner.user.id, browser.keys.p256dh, browser.keys.auth],
    ]);
    // Only one of the two keys matching is no proof either.
    const half = { endpoint: browser.endpoint, keys: { ...browser.keys, auth: forged.keys.auth } };
    expect((await s.call(pushApi.subscribe, { body: half, token: taker.token })).status).toBe(409);
  });

  it('the same person registering their endpoint again stays one row, theirs (another sign-in, new keys alike)', async () => {
    const who = await signedIn(s);
    const browser = service.browser();
    expect((await register(who, browser)).status).toBe(201);
    expect((await register(who, browser)).status).toBe(201);
    const laptop = await loginAgain(s, who.user, 'Laptop');
    const renewed = service.browser().keys;
    const again = await s.call(pushApi.subscribe, {
      body: { endpoint: browser.endpoint, keys: renewed },
      token: laptop,
    });
    expect(again.status).toBe(201);
    const rows = await s.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(rows.map((r) => [r.user_id, r.p256dh])).toEqual([[who.user.id, renewed.p256dh]]);
  });

  it('one browser is one row: the same keys from another person’s sign-in move it to them (the browser changed hands)', async () => {
    const [first, second] = await Promise.all([signedIn(s), signedIn(s)]);
    const shared = service.browser();
    await register(first, shared);
    await register(second, shared);
    const rows = await s.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, shared.endpoint));
    expect(rows.map((r) => r.user_id)).toEqual([second.user.id]);
    // The first person's news no longer reaches that browser.
    const before = service.received.length;
    await commentFor(first);
    await jobsSettled(s, ['notifications.create', 'push.deliver']);
    expect(service.received.slice(before).filter((r) => r.path === new URL(shared.endpoint).pathname)).toEqual([]);
  });

  it('keeps one VAPID key across restarts (made once into DATA_DIR)', async () => {
    const key = (await s.call(pushApi.publicKey)).body.data;
    const stored = JSON.parse(fs.readFileSync(path.join(s.dataDir, 'vapid.json'), 'utf8')) as { publicKey: string };
    expect(stored.publicKey).toBe(key);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
  });
});

describe('allowed push endpoints', () => {
  const origins = ['https://fcm.googleapis.com', 'https://*.notify.windows.com'];
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://wns2-by3p.notify.windows.com/w/?token=x', true],
    ['https://notify.windows.com/w', false],
    ['https://evil.notify.windows.com.example/w', false],
    ['https://x.notify.windows.com:8443/w', false],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['not a url', false],
  ])('%s → %s', (endpoint, allowed) => {
    expect(allowedEndpoint(endpoint, origins)).toBe(allowed);
  });
});
