import { commentsApi, identityApi, postsApi, searchApi, usersApi } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, posts, users } from '../../db/schema';
import { postAs, withAccount } from '../../../test/creator-helpers';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';

/*
 * Every text the server takes is stored as NFC Unicode, Burmese typed in Zawgyi converted, at the boundary: the
 * answer says so once (`normalized`), and secrets are never touched.
 */

const ZAWGYI = 'ရန္ကုန္ၿမိဳ႕မွာ မိုးရြာေနတယ္';
const UNICODE = 'ရန်ကုန်မြို့မှာ မိုးရွာနေတယ်';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

describe('text at the boundary', () => {
  it('stores a Zawgyi post and comment as Unicode, says so, and finds them by either spelling', async () => {
    const c = await withAccount(s, 'approved');
    const created = await s.call(postsApi.create, {
      token: c.token,
      body: { account_id: c.account.id, type: 'status', content: ZAWGYI },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.content).toBe(UNICODE);
    expect((created.body as { normalized?: string[] }).normalized).toEqual(['zawgyi']);
    const [row] = await s.ctx.db.select().from(posts).where(eq(posts.id, created.body.data.id));
    expect(row!.content).toBe(UNICODE);

    const reader = await signedIn(s);
    const said = await s.call(commentsApi.create, {
      token: reader.token,
      body: { post_id: created.body.data.id, content: `ေက်းဇူးတင္ပါတယ္ ${ZAWGYI}` },
    });
    expect(said.status).toBe(201);
    const [comment] = await s.ctx.db.select().from(comments).where(eq(comments.id, said.body.data.id));
    expect(comment!.content).toBe(`ကျေးဇူးတင်ပါတယ် ${UNICODE}`);

    // Unicode in, nothing to say.
    const plain = await postAs(s, c, { account_id: c.account.id, type: 'status', content: 'မင်္ဂလာပါ' });
    expect(plain).not.toHaveProperty('normalized');

    for (const q of [UNICODE.split(' ')[0]!, ZAWGYI.split(' ')[0]!]) {
      const found = await s.call(searchApi.search, { token: reader.token, query: { q, type: 'posts' } });
      expect(
        found.body.data.posts.map((p) => p.id),
        q,
      ).toContain(created.body.data.id);
    }
  });

  it('composes names to NFC and leaves passwords as typed', async () => {
    const me = await signedIn(s);
    const renamed = await s.call(usersApi.update, {
      token: me.token,
      params: { id: me.user.id },
      body: { name: 'Cafe\u0301 Nge\u0301', username: me.user.username },
    });
    expect(renamed.status).toBe(200);
    const [row] = await s.ctx.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row!.name).toBe('Café Ngé');

    // A password that the detector would take for Zawgyi, and one not in NFC, sign in exactly as typed.
    for (const password of [`${ZAWGYI} 2026`, 'Cafe\u0301-passphrase-2026']) {
      const username = `pw_${Math.random().toString(36).slice(2, 10)}`;
      const email = `${username}@example.test`;
      const registered = await s.call(identityApi.register, {
        body: { name: 'Pass Word', username, email, password, password_confirmation: password },
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);
      await s.ctx.db.update(users).set({ email_verified_at: new Date() }).where(eq(users.email, email));
      const login = await s.call(identityApi.login, { body: { email, password, device_name: 'test' } });
      expect(login.status, password).toBe(200);
      const composed = password.normalize('NFC');
      if (composed !== password)
        expect(
          (await s.call(identityApi.login, { body: { email, password: composed, device_name: 't' } })).status,
        ).toBe(422);
    }
  });
});
