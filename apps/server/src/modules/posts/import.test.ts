import { IMPORT_MAX_ERRORS, IMPORT_MAX_ROWS, postsAdminApi, postsApi } from '@inkwell/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIBLE_POSTS } from '../../db/counters';
import { accounts, auditLog, counters, mediaFiles, posts } from '../../db/schema';
import { createCreatorAccount, createMediaFile, createUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { castOf, type Cast } from '../../../test/policy-table';

let s: TestServer;
let cast: Cast;

beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const root = () => cast.people.root;

interface Form {
  file?: string | Blob;
  type?: string;
  user_id?: number | string;
  account_id?: number | string;
}

/** `POST /api/posts/import` as a browser sends it (multipart), answering the status and the parsed body. */
async function upload(form: Form, token: string | null = root().token!, lang = 'en') {
  const data = new FormData();
  if (form.type !== undefined) data.append('type', form.type);
  if (form.user_id !== undefined) data.append('user_id', String(form.user_id));
  if (form.account_id !== undefined) data.append('account_id', String(form.account_id));
  if (form.file !== undefined)
    data.append(
      'file',
      typeof form.file === 'string' ? new Blob([form.file], { type: 'application/json' }) : form.file,
      'posts.json',
    );
  return s.call(postsAdminApi.import, { payload: data, token: token ?? undefined, lang });
}

/** A person with an approved account to import as. */
async function target() {
  const user = await createUser(s.ctx.db);
  const account = await createCreatorAccount(s.ctx.db, user.id);
  return { user, account };
}

const postsOf = (accountId: number) =>
  s.ctx.db.select().from(posts).where(eq(posts.account_id, accountId)).orderBy(asc(posts.id));

const visibleTotal = async () =>
  (await s.ctx.db.select().from(counters).where(eq(counters.key, VISIBLE_POSTS)))[0]?.value ?? 0;

const imports = (accountId: number) =>
  s.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'posts.import'), eq(auditLog.subject_id, accountId)));

async function snapshot(accountId: number) {
  const [all] = await s.ctx.db.select({ n: count() }).from(posts);
  const [account] = await s.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
  return {
    posts: all!.n,
    visible: await visibleTotal(),
    account: { posts: account!.posts_count, types: account!.type_counts },
    audit: (await imports(accountId)).length,
  };
}

const json = (rows: unknown) => JSON.stringify(rows);

describe('POST /posts/import: valid files', () => {
  it('imports statuses in English, Burmese and Thai as the user on their account, dated as the file says', async () => {
    const { user, account } = await target();
    const before = await snapshot(account.id);
    const rows = [
      { content: 'Morning market in Yangon, fresh mangoes everywhere.', created_at: '2024-05-01T06:30:00Z' },
      { content: 'မင်္ဂလာပါ၊ ဒီနေ့ ရန်ကုန်မှာ မိုးရွာနေတယ်။', created_at: '2024-05-02T09:00:00+06:30' },
      { content: 'สวัสดีตอนเช้าจากเชียงใหม่ อากาศเย็นสบาย' },
    ];
    const res = await upload({ file: json(rows), type: 'status', user_id: user.id, account_id: account.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Posts imported: 3.', imported: 3, errors: [], errors_count: 0 });

    const stored = await postsOf(account.id);
    expect(stored.map((p) => [p.type, p.content, p.author_id, p.visible, p.status])).toEqual(
      rows.map((r) => ['status', r.content, user.id, true, 'published']),
    );
    expect(stored[0]!.created_at.toISOString()).toBe('2024-05-01T06:30:00.000Z');
    expect(stored[1]!.created_at.toISOString()).toBe('2024-05-02T02:30:00.000Z');
    expect(Date.now() - stored[2]!.created_at.getTime()).toBeLessThan(60_000);
    expect(stored[0]!.slug).toMatch(/^morning-market-in-yangon-fresh-mangoes-everywhere-[0-9a-f]{6}$/);
    expect(stored[1]!.slug.startsWith('မင်္ဂလာပါ-')).toBe(true);
    expect(new Set(stored.map((p) => p.slug)).size).toBe(3);

    const after = await snapshot(account.id);
    expect(after).toEqual({
      posts: before.posts + 3,
      visible: before.visible + 3,
      account: { posts: 3, types: { status: 3 } },
      audit: 1,
    });
    const [entry] = await imports(account.id);
    expect(entry).toMatchObject({
      actor_id: root().user!.id,
      subject_type: 'account',
      after: { type: 'status', user_id: user.id, account_id: account.id, rows: 3, imported: 3, refused: 0 },
    });
    // Published like any post: a reader opens it.
    const read = await s.call(postsApi.bySlug, { params: { slug: stored[1]!.slug }, token: cast.people.reader.token });
    expect(read.body.data).toMatchObject({ content: rows[1]!.content, account: { id: account.id } });
  });

  it('imports articles with the composer’s sanitiser: a <script> row is stored without it', async () => {
    const { user, account } = await target();
    const cover = await createMediaFile(s.ctx.db, user.id, 'image');
    const res = await upload({
      type: 'post',
      user_id: user.id,
      account_id: account.id,
      file: json([
        {
          title: 'ရန်ကုန် မြို့ ဇာတ်လမ်း',
          content: '<p onclick="steal()">Hello <strong>Yangon</strong></p><script>alert(1)</script>',
          featured_photo_url: cover.url,
          featured_photo_alt: ' ရွှေတိဂုံဘုရား ညအချိန် ',
          created_at: '2023-12-24',
        },
        { title: 'เชียงใหม่', content: '<h2>ตลาด</h2><p><a href="javascript:x()">ลิงก์</a></p>' },
      ]),
    });
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(2);
    const [first, second] = await postsOf(account.id);
    expect(first).toMatchObject({
      type: 'post',
      title: 'ရန်ကုန် မြို့ ဇာတ်လမ်း',
      content: '<p>Hello <strong>Yangon</strong></p>',
      url: cover.url,
      // The cover's description, trimmed; the second row has no cover, so nothing to describe.
      featured_photo_alt: 'ရွှေတိဂုံဘုရား ညအချိန်',
    });
    expect(second!.featured_photo_alt).toBeNull();
    expect(first!.created_at.toISOString()).toBe('2023-12-24T00:00:00.000Z');
    expect(first!.search_text).toBe('ရန်ကုန် မြို့ ဇာတ်လမ်း\nHello Yangon');
    expect(second!.content).toBe('<h2>ตลาด</h2><p><a rel="nofollow noopener ugc" target="_blank">ลิงก์</a></p>');
    const [file] = await s.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, cover.id));
    expect(file!.attached_at).not.toBeNull();
  });

  it('imports more than one batch, every slug unique, the totals counted once per row', async () => {
    const { user, account } = await target();
    const before = await visibleTotal();
    const rows = Array.from({ length: 1234 }, (_, i) => ({ content: i % 2 ? 'Same words every time' : `Note ${i}` }));
    const res = await upload({ file: json(rows), type: 'status', user_id: user.id, account_id: account.id });
    expect(res.body).toMatchObject({ imported: 1234, errors_count: 0 });
    const stored = await postsOf(account.id);
    expect(stored).toHaveLength(1234);
    expect(new Set(stored.map((p) => p.slug)).size).toBe(1234);
    expect(await visibleTotal()).toBe(before + 1234);
    expect((await snapshot(account.id)).account.posts).toBe(1234);
    expect(await imports(account.id)).toHaveLength(1);
  });

  it('posts imported to an account that is not public are not visible and leave the public total alone', async () => {
    const user = await createUser(s.ctx.db);
    const account = await createCreatorAccount(s.ctx.db, user.id, { approved: 'pending' });
    const before = await visibleTotal();
    const res = await upload({
      file: json([{ content: 'Waiting' }]),
      type: 'status',
      user_id: user.id,
      account_id: account.id,
    });
    expect(res.body.imported).toBe(1);
    expect((await postsOf(account.id))[0]!.visible).toBe(false);
    expect(await visibleTotal()).toBe(before);
  });
});

describe('POST /posts/import: rows refused', () => {
  it('imports the valid rows and lists the others by index with the reason, in the asker’s language', async () => {
    const { user, account } = await target();
    const other = await createUser(s.ctx.db);
    const notMine = await createMediaFile(s.ctx.db, other.id, 'image');
    const rows = [
      { title: 'Fine', content: '<p>Good</p>' },
      { content: '<p>No title</p>' },
      { title: 'Only a script', content: '<script>alert(1)</script>' },
      'just a string',
      { title: 'Future', content: '<p>x</p>', created_at: '2999-01-01' },
      { title: 'Bad cover', content: '<p>x</p>', featured_photo_url: notMine.url },
      { title: 'Nul \u0000 title', content: '<p>x</p>' },
      { title: 'Not a link', content: '<p>x</p>', featured_photo_url: 'ftp://example.com/a.png' },
      { title: 'Also fine', content: '<p>Also good</p>', created_at: '2024-02-29T10:00:00Z' },
    ];
    const res = await upload({ file: json(rows), type: 'post', user_id: user.id, account_id: account.id });
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(2);
    expect(res.body.errors_count).toBe(7);
    expect(res.body.message).toBe('Posts imported: 2. Rows refused: 7 (see the list).');
    expect(res.body.errors).toEqual([
      { index: 1, field: 'title', message: 'This field is required.' },
      { index: 2, field: 'content', message: 'This field is required.' },
      {
        index: 3,
        field: null,
        message: 'Each post must be a JSON object with its fields, such as { "content": "…" }.',
      },
      {
        index: 4,
        field: 'created_at',
        message: 'Use a date in the past in ISO 8601 form, such as 2024-05-01 or 2024-05-01T09:30:00Z.',
      },
      { index: 5, field: 'featured_photo_url', message: 'Use a file you uploaded here.' },
      {
        index: 6,
        field: 'title',
        message: 'This contains a character that is not allowed (NUL). Remove it and try again.',
      },
      { index: 7, field: 'featured_photo_url', message: 'Enter a valid link (http:// or https://).' },
    ]);
    expect((await postsOf(account.id)).map((p) => p.title)).toEqual(['Fine', 'Also fine']);
    const [entry] = await imports(account.id);
    expect(entry!.after).toMatchObject({ rows: 9, imported: 2, refused: 7 });

    const thai = await upload(
      { file: json([{ content: 'x'.repeat(251) }]), type: 'status', user_id: user.id, account_id: account.id },
      root().token,
      'th',
    );
    expect(thai.body.imported).toBe(0);
    expect(thai.body.errors).toEqual([
      { index: 0, field: 'content', message: expect.stringMatching(/[\u0E00-\u0E7F]/) },
    ]);
  });

  it('lists the first 100 problems and counts them all', async () => {
    const { user, account } = await target();
    const rows = [...Array.from({ length: 150 }, () => ({ content: '' })), { content: 'The one good row' }];
    const res = await upload({ file: json(rows), type: 'status', user_id: user.id, account_id: account.id });
    expect(res.body.imported).toBe(1);
    expect(res.body.errors).toHaveLength(IMPORT_MAX_ERRORS);
    expect(res.body.errors_count).toBe(150);
    expect(res.body.errors.map((e) => e.index)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });
});

describe('POST /posts/import: the file or the form refused whole (422, nothing imported)', () => {
  it('malformed JSON, not an array, an empty array, too many rows, no file, a wrong type', async () => {
    const { user, account } = await target();
    const base = { type: 'status', user_id: user.id, account_id: account.id };
    const before = await snapshot(account.id);
    const cases: [Form, string, string][] = [
      [{ ...base, file: '[{"content": "fine"}, {"content": ' }, 'file', 'The file is not valid JSON.'],
      [{ ...base, file: '{"content": "an object, not a list"}' }, 'file', 'The file must hold a JSON array'],
      [{ ...base, file: '[]' }, 'file', 'The file holds no posts.'],
      [{ ...base, file: 'null' }, 'file', 'The file must hold a JSON array'],
      [{ ...base }, 'file', 'Choose a file to upload.'],
      [{ ...base, type: 'video', file: json([{ content: 'x' }]) }, 'type', 'Choose one of the offered options.'],
      [{ ...base, type: undefined, file: json([{ content: 'x' }]) }, 'type', 'Choose one of the offered options.'],
      [{ ...base, user_id: 'abc', file: json([{ content: 'x' }]) }, 'user_id', 'This value has the wrong type.'],
    ];
    for (const [form, field, message] of cases) {
      const res = await upload(form);
      expect(res.status, JSON.stringify(form)).toBe(422);
      const errors = res.error.errors!;
      expect(Object.keys(errors), JSON.stringify(form)).toEqual([field]);
      expect(errors[field]![0]).toContain(message);
    }
    const tooMany = await upload({
      ...base,
      file: json(Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => ({ content: 'x' }))),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.error).toMatchObject({
      code: 'posts.import_too_many',
      message: 'A file may hold at most 20,000 posts. Split it into smaller files.',
    });
    expect(await snapshot(account.id)).toEqual(before);
    expect(await postsOf(account.id)).toEqual([]);
  });

  it('an account that is not the user’s, or a user who does not exist, is a 422', async () => {
    const { user } = await target();
    const { account: someoneElses } = await target();
    const before = await snapshot(someoneElses.id);
    const file = json([{ content: 'Hello' }]);
    const wrong = await upload({ file, type: 'status', user_id: user.id, account_id: someoneElses.id });
    expect(wrong.status).toBe(422);
    expect(wrong.error.errors).toEqual({
      account_id: ['This account does not belong to the chosen user. Pick one of their accounts.'],
    });
    const missingAccount = await upload({ file, type: 'status', user_id: user.id, account_id: 999_999_999 });
    expect(Object.keys(missingAccount.error.errors!)).toEqual(['account_id']);
    const nobody = await upload({ file, type: 'status', user_id: 999_999_999, account_id: someoneElses.id });
    expect(nobody.status).toBe(422);
    expect(Object.keys(nobody.error.errors!)).toEqual(['user_id']);
    expect(await snapshot(someoneElses.id)).toEqual(before);
  });

  it('a file over 20 MB is a 413, a second file or a body that is not a form is refused, never a 500', async () => {
    const { user, account } = await target();
    const big = new Blob([`[${'"x",'.repeat(5_300_000)}"x"]`], { type: 'application/json' });
    expect(big.size).toBeGreaterThan(20 * 1024 * 1024);
    const res = await upload({ file: big, type: 'status', user_id: user.id, account_id: account.id });
    expect(res.status).toBe(413);
    const notForm = await s.call(postsAdminApi.import, { token: root().token, rawBody: { type: 'status' } });
    expect(notForm.status).toBe(415);
    const twice = new FormData();
    twice.append('type', 'status');
    twice.append('file', new Blob(['[]']), 'a.json');
    twice.append('file', new Blob(['[]']), 'b.json');
    const second = await s.call(postsAdminApi.import, { payload: twice, token: root().token });
    expect(second.status).toBe(413);
    expect(await postsOf(account.id)).toEqual([]);
  });
});

describe('POST /posts/import: who may not', () => {
  it('401 guest, 403 reader, 403 a role holding everything but posts.import', async () => {
    const { user, account } = await target();
    const form = { file: json([{ content: 'Hello' }]), type: 'status', user_id: user.id, account_id: account.id };
    expect((await upload(form, null)).status).toBe(401);
    expect((await upload(form, cast.people.reader.token!)).status).toBe(403);
    expect((await upload(form, (await cast.lacking('posts.import')).token!)).status).toBe(403);
    expect(await postsOf(account.id)).toEqual([]);
    expect((await upload(form, cast.people.admin.token!)).status).toBe(200);
  });
});
