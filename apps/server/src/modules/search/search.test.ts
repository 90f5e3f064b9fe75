import { searchApi, type CreatePostBody } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { postAs, withAccount } from '../../../test/creator-helpers';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const creator = (approved: 'approved' | 'pending' = 'approved', seed: { name?: string; description?: string } = {}) =>
  withAccount(s, approved, seed);
const post = (c: { token: string }, body: CreatePostBody) => postAs(s, c, body);

describe('search', () => {
  it('finds Thai and Burmese posts by part of a word, and accounts', async () => {
    const c = await creator('approved', { name: 'เชียงใหม่ กินเที่ยว', description: 'อาหารเหนือ' });
    await post(c, { account_id: c.account.id, type: 'status', content: 'ข้าวซอยเชียงใหม่อร่อยที่สุด' });
    await post(c, { account_id: c.account.id, type: 'status', content: 'ရန်ကုန်မြို့ရဲ့ မနက်ခင်း လက်ဖက်ရည်' });
    await post(c, { account_id: c.account.id, type: 'status', content: 'Morning tea in Yangon' });
    const { token } = await signedIn(s);
    const thai = await s.call(searchApi.search, { query: { q: 'ข้าวซอย' }, token });
    expect(thai.body.data.posts.map((p: { excerpt: string }) => p.excerpt)).toEqual(['ข้าวซอยเชียงใหม่อร่อยที่สุด']);
    const burmese = await s.call(searchApi.search, { query: { q: 'လက်ဖက်ရည်' }, token });
    expect(burmese.body.data.posts).toHaveLength(1);
    const english = await s.call(searchApi.search, { query: { q: 'tea', type: 'posts' }, token });
    expect(english.body.data.posts.map((p: { excerpt: string }) => p.excerpt)).toContain('Morning tea in Yangon');
    expect(english.body.data.users).toEqual([]);
    const accounts = await s.call(searchApi.search, { query: { q: 'เชียงใหม่', type: 'accounts' }, token });
    expect(accounts.body.data.accounts[0]).toMatchObject({ name: 'เชียงใหม่ กินเที่ยว' });
    expect((await s.call(searchApi.search, { query: { q: '' }, token })).status).toBe(422);
  });

  it('needs a signed-in person and a query of at most 100 characters', async () => {
    const { token } = await signedIn(s);
    expect((await s.call(searchApi.search, { query: { q: 'tea' } })).status).toBe(401);
    const long = await s.call(searchApi.search, { query: { q: 'x'.repeat(101) }, token });
    expect(long.status).toBe(422);
    expect(long.error.errors?.q).toBeDefined();
    expect((await s.call(searchApi.search, { rawQuery: { q: 'tea', type: 'planets' }, token })).status).toBe(422);
  });

  it('never shows a pending account or its posts', async () => {
    const hidden = await creator('pending', { name: 'Secret Mandalay Kitchen', description: 'hidden' });
    await s.ctx.db.insert(posts).values({
      account_id: hidden.account.id,
      type: 'status',
      slug: `secret-${hidden.account.id}`,
      content: 'Secret mandalay noodles',
      search_text: 'Secret mandalay noodles',
      visible: false,
    });
    const shown = await creator('approved', { name: 'Open Mandalay Kitchen', description: 'open' });
    await post(shown, { account_id: shown.account.id, type: 'status', content: 'Open mandalay noodles' });
    const { token } = await signedIn(s);
    const res = await s.call(searchApi.search, { query: { q: 'mandalay' }, token });
    expect(res.status).toBe(200);
    expect(res.body.data.accounts.map((a: { name: string }) => a.name)).toEqual(['Open Mandalay Kitchen']);
    expect(res.body.data.posts.map((p: { excerpt: string }) => p.excerpt)).toEqual(['Open mandalay noodles']);
  });
});
