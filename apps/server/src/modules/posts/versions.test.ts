import { membershipsApi, postsApi, type Post, type Tier, publishingApi } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaFile, subscribeToPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { joinTier } from '../../../test/membership-helpers';
import { castAccount, castOf, type Cast } from '../../../test/policy-table';
import { signedIn } from '../../../test/identity-helpers';

/*
 * Edit history (issue 33): an edit of a published post keeps what it replaced, readable by whoever may read the
 * post and by no one else; its account's people may delete a version that showed what it should not.
 */

let s: TestServer;
let cast: Cast;
let account: { id: number };
beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
  account = await castAccount(cast);
}, 60_000);
afterAll(async () => {
  await s?.close();
});

async function publish(body: Record<string, unknown>): Promise<Post> {
  const res = await s.call(postsApi.create, {
    token: cast.people.owner.token,
    body: { account_id: account.id, type: 'status', ...body } as never,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const edit = (post: Post, body: Record<string, unknown>, token = cast.people.owner.token) =>
  s.call(postsApi.update, { token, params: { id: post.id }, body: body as never });

describe('edit history', () => {
  it('an edit marks the post edited and keeps each earlier version, newest first; a save of the same words none', async () => {
    const post = await publish({ content: 'Teh first words' });
    expect(post.edited_at).toBeNull();
    expect((await s.call(publishingApi.versions, { params: { id: post.id } })).body.data).toEqual([]);
    const first = await edit(post, { content: 'The first words' });
    expect(first.body.data.edited_at).not.toBeNull();
    await edit(post, { content: 'The first words' });
    await edit(post, { content: 'The first words, and more' }, cast.people.member.token);
    const versions = (await s.call(publishingApi.versions, { params: { id: post.id } })).body.data;
    expect(versions.map((v) => v.content)).toEqual(['The first words', 'Teh first words']);
    expect(versions[1]!.written_at).toBe(post.created_at);
    expect(versions[0]!.written_at).toBe(first.body.data.edited_at);
    expect(new Date(versions[0]!.replaced_at).getTime()).toBeGreaterThanOrEqual(
      new Date(versions[1]!.replaced_at).getTime(),
    );
  });

  it('a draft’s saves leave no versions and no “edited” mark', async () => {
    const draft = await publish({ content: 'Draft one', status: 'draft' });
    const saved = await edit(draft, { content: 'Draft two' });
    expect(saved.body.data.edited_at).toBeNull();
    const published = await s.call(publishingApi.publish, {
      token: cast.people.owner.token,
      params: { id: draft.id },
      body: {},
    });
    expect(published.body.data.edited_at).toBeNull();
    expect(
      (await s.call(publishingApi.versions, { token: cast.people.owner.token, params: { id: draft.id } })).body.data,
    ).toEqual([]);
  });

  it('a members-only post’s versions are its members’: a reader or a guest without the pass gets 403, a post not there 404', async () => {
    await subscribeToPlan(s.ctx.db, cast.people.owner.user!.id, 'studio');
    const tier: Tier = (
      await s.call(membershipsApi.createTier, {
        token: cast.people.owner.token,
        params: { id: account.id },
        body: { name: 'Patron', monthly_price: 2000 },
      })
    ).body.data;
    const fan = await signedIn(s);
    await joinTier(s, fan, tier.id);
    const photo = await createMediaFile(s.ctx.db, cast.people.owner.user!.id, 'image');
    const post = await publish({
      type: 'photo',
      title: 'Backstage',
      content: 'Secret setlist',
      url: photo.url,
      min_tier_id: tier.id,
    });
    await edit(post, { title: 'Backstage', content: 'The setlist', url: photo.url });
    const asFan = await s.call(publishingApi.versions, { token: fan.token, params: { id: post.id } });
    expect(asFan.status).toBe(200);
    expect(asFan.body.data[0]!.content).toBe('Secret setlist');
    // Its media signed, as the post's own.
    expect(asFan.body.data[0]!.url).toMatch(/^\/api\/media\/locked\//);
    for (const token of [undefined, cast.people.reader.token]) {
      const res = await s.call(publishingApi.versions, { token, params: { id: post.id } });
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('Secret setlist');
    }
    // The edit kept its lock.
    const after = await s.call(postsApi.bySlug, { token: cast.people.reader.token, params: { slug: post.slug } });
    expect(after.body.data).toMatchObject({ locked: true, visibility: 'members' });
    expect((await s.call(publishingApi.versions, { params: { id: 999_999 } })).status).toBe(404);
  });

  it('its account’s people may delete a version; nobody else may', async () => {
    const post = await publish({ content: 'My phone number is 09-123' });
    await edit(post, { content: 'Call me' });
    const [version] = (await s.call(publishingApi.versions, { params: { id: post.id } })).body.data;
    const who = {
      guest: [undefined, 401],
      reader: [cast.people.reader.token, 403],
      other_owner: [cast.people.other_owner.token, 403],
      root: [cast.people.root.token, 403],
    } as const;
    for (const [name, [token, status]] of Object.entries(who)) {
      const res = await s.call(publishingApi.removeVersion, { token, params: { id: post.id, versionId: version!.id } });
      expect(res.status, name).toBe(status);
    }
    const gone = await s.call(publishingApi.removeVersion, {
      token: cast.people.member.token,
      params: { id: post.id, versionId: version!.id },
    });
    expect(gone.status).toBe(204);
    expect((await s.call(publishingApi.versions, { params: { id: post.id } })).body.data).toEqual([]);
    // Another post's version id through this post: not there.
    expect(
      (
        await s.call(publishingApi.removeVersion, {
          token: cast.people.owner.token,
          params: { id: post.id, versionId: version!.id },
        })
      ).status,
    ).toBe(404);
  });
});
