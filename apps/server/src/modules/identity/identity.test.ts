import { createHash } from 'node:crypto';
import { identityApi, type RegisterBody, usersApi } from '@inkwell/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, userTokens, users } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { jobsSettled, waitFor } from '../../../test/wait-for';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
let n = 0;
const person = (over: Partial<RegisterBody> = {}) => {
  n += 1;
  return {
    name: `Reader ${n}`,
    username: `reader_${n}_${Date.now() % 100000}`,
    email: `reader${n}.${Date.now() % 100000}@example.test`,
    password: 'a-long-unusual-passphrase',
    password_confirmation: 'a-long-unusual-passphrase',
    ...over,
  };
};

const accountsWith = async (email: string) => {
  const [count] = await s.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return count!.n;
};

const tokenFrom = (text: string, route: string) => {
  const match = new RegExp(`${route}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${route} link in: ${text}`);
  return match[1]!;
};

async function registerAndActivate(over: Partial<RegisterBody> = {}) {
  const p = person(over);
  expect((await s.call(identityApi.register, { body: p })).status).toBe(201);
  const mail = await s.smtp.waitFor(p.email);
  const token = tokenFrom(mail.text, '/activate');
  expect((await s.call(identityApi.verifyEmail, { body: { token } })).status).toBe(200);
  return p;
}

async function login(p: { email: string; password: string }, device = 'Test device') {
  const res = await s.call(identityApi.login, {
    body: { email: p.email, password: p.password, device_name: device },
  });
  expect(res.status).toBe(200);
  return res.body.token;
}

describe('register', () => {
  it('creates the person, stores an argon2id hash and mails a single-use activation link', async () => {
    const p = person();
    const res = await s.call(identityApi.register, { body: p });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/activate/i);

    const [row] = await s.ctx.db.select().from(users).where(eq(users.email, p.email));
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.email_verified_at).toBeNull();

    const mail = await s.smtp.waitFor(p.email);
    expect(mail.subject).toBe('Activate your Inkwell account');
    expect(mail.html).toContain('http://inkwell.test/activate?token=');
    const token = tokenFrom(mail.text, '/activate');
    const [stored] = await s.ctx.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.user_id, row!.id), eq(userTokens.purpose, 'activation')));
    expect(stored!.token_hash).toBe(sha256(token));
    expect(stored!.token_hash).not.toContain(token);

    const blocked = await s.call(identityApi.login, {
      body: { email: p.email, password: p.password, device_name: 'x' },
    });
    expect(blocked.status).toBe(403);
    expect(blocked.error.message).toMatch(/activate your account/i);

    expect((await s.call(identityApi.verifyEmail, { body: { token } })).status).toBe(200);
    // Opened twice: already active, not an expired link.
    const again = await s.call(identityApi.verifyEmail, { body: { token } });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Your account is already active. You can sign in.');
    expect((await s.call(identityApi.login, { body: { ...p, device_name: 'x' } })).status).toBe(200);
  });

  it.each([
    ['name', { name: '' }, 'This field is required.'],
    ['name', { name: 'x'.repeat(101) }, 'Must be at most 100 characters.'],
    ['username', { username: 'ab' }, 'Must be at least 3 characters.'],
    ['username', { username: 'a'.repeat(31) }, 'Must be at most 30 characters.'],
    ['username', { username: 'no spaces!' }, 'Use only lowercase letters a–z, digits, underscores and dots.'],
    ['email', { email: 'not-an-email' }, 'Enter a valid e-mail address.'],
    ['password', { password: 'short12', password_confirmation: 'short12' }, 'Must be at least 8 characters.'],
    [
      'password',
      { password: 'p'.repeat(129), password_confirmation: 'p'.repeat(129) },
      'Must be at most 128 characters.',
    ],
    ['password', { password: '12345678', password_confirmation: '12345678' }, 'This password is too common'],
    [
      'password_confirmation',
      { password_confirmation: 'something-else-entirely' },
      'The password confirmation does not match.',
    ],
  ])('refuses a bad %s (%j) under that field and stores nothing', async (field, over, message) => {
    const p = person(over);
    const res = await s.call(identityApi.register, { body: p });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Please check the highlighted fields.');
    expect(res.error.errors![field].join(' ')).toContain(message);
    // The mismatch marks the confirmation only: the password the person meant is not wrong.
    if (field === 'password_confirmation') expect(res.error.errors!.password).toBeUndefined();
    const [count] = await s.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = ${String(p.email).toLowerCase()}`);
    expect(count!.n).toBe(0);
  });

  it('reports every missing field at once', async () => {
    const res = await s.call(identityApi.register, { rawBody: {} });
    expect(res.status).toBe(422);
    expect(Object.keys(res.error.errors!).sort()).toEqual(
      ['email', 'name', 'password', 'password_confirmation', 'username'].sort(),
    );
  });

  it('keeps usernames and e-mails unique whatever their case; a taken username is said, a known e-mail is not', async () => {
    const first = await registerAndActivate();
    const taken = await s.call(identityApi.register, {
      body: person({ username: first.username.toUpperCase(), email: first.email.toUpperCase() }),
    });
    expect(taken.status).toBe(422);
    expect(taken.error.errors!.username).toEqual(['This username is already taken.']);
    expect(taken.error.errors!.email).toBeUndefined();
    expect((await s.call(identityApi.register, { body: person({ email: first.email.toUpperCase() }) })).status).toBe(
      201,
    );
    expect(await accountsWith(first.email)).toBe(1);
  });

  it('answers in Burmese and Thai', async () => {
    const my = await s.call(identityApi.register, { rawBody: { name: '' }, lang: 'my' });
    expect(my.body.message).toBe('အမှတ်အသားပြထားသော အကွက်များကို စစ်ဆေးပါ။');
    expect(my.error.errors!.name).toEqual(['ဤအကွက်ကို ဖြည့်ရန် လိုအပ်ပါသည်။']);
    const th = await s.call(identityApi.register, {
      body: person({ username: 'ab' }),
      lang: 'th-TH,th;q=0.9,en;q=0.5',
    });
    expect(th.error.errors!.username).toEqual(['ต้องมีอย่างน้อย 3 ตัวอักษร']);
  });

  it('mails the activation in the language the person registered in', async () => {
    const p = person();
    await s.call(identityApi.register, { body: p, lang: 'th' });
    const mail = await s.smtp.waitFor(p.email);
    expect(mail.subject).toBe('เปิดใช้งานบัญชี Inkwell ของคุณ');
  });
});

describe('register with an address that already has an account', () => {
  const NOTICE = 'Someone tried to sign up with your e-mail address';
  const notices = (email: string, subject = NOTICE) =>
    s.smtp.received.filter((m) => m.to.includes(email.toLowerCase()) && m.subject === subject);
  const expireRegisterMailWindow = (userId: number) =>
    s.ctx.db
      .update(userTokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(and(eq(userTokens.user_id, userId), eq(userTokens.purpose, 'register_mail')));

  it('answers as for a new address, changes nothing, and tells the owner in their language how to get in', async () => {
    const owner = await createUser(s.ctx.db, { locale: 'th' });
    const fresh = await s.call(identityApi.register, { body: person() });
    const known = await s.call(identityApi.register, {
      body: person({
        email: owner.email.toUpperCase(),
        password: 'an-attempt-to-take-over',
        password_confirmation: 'an-attempt-to-take-over',
      }),
    });
    expect([known.status, known.body]).toEqual([fresh.status, fresh.body]);
    expect(known.status).toBe(201);
    expect(await accountsWith(owner.email)).toBe(1);

    const mail = await s.smtp.waitFor(owner.email);
    expect(mail.subject).toBe('มีคนพยายามสมัครสมาชิกด้วยอีเมลของคุณ');
    expect(mail.text).toContain(owner.name);
    expect(mail.text).toContain('http://inkwell.test/login');
    expect(mail.text).toContain('http://inkwell.test/forgot-password');
    expect(mail.html).toContain('href="http://inkwell.test/login"');
    expect(mail.html).toContain('href="http://inkwell.test/forgot-password"');
    // The account keeps its password: the attempt only caused a mail.
    expect((await s.call(identityApi.login, { body: { ...owner, device_name: 'x' } })).status).toBe(200);
    const taken = await s.call(identityApi.login, {
      body: { email: owner.email, password: 'an-attempt-to-take-over', device_name: 'x' },
    });
    expect(taken.status).toBe(422);
  });

  it('mails the owner at most once an hour, however often the address is tried', async () => {
    const owner = await createUser(s.ctx.db);
    for (let i = 0; i < 3; i++) {
      expect((await s.call(identityApi.register, { body: person({ email: owner.email }) })).status).toBe(201);
    }
    await s.smtp.waitFor(owner.email);
    await jobsSettled(s, ['mail.send']);
    expect(notices(owner.email)).toHaveLength(1);

    await expireRegisterMailWindow(owner.id);
    expect((await s.call(identityApi.register, { body: person({ email: owner.email }) })).status).toBe(201);
    await waitFor(() => expect(notices(owner.email)).toHaveLength(2));
  });

  it('a sign-up not yet activated gets its activation mail again, at most once an hour, keeping its own details', async () => {
    const p = person();
    await s.call(identityApi.register, { body: p, lang: 'my' });
    const first = tokenFrom((await s.smtp.waitFor(p.email)).text, '/activate');
    const again = person({
      email: p.email,
      password: 'someone-elses-passphrase',
      password_confirmation: 'someone-elses-passphrase',
    });

    // Most likely the first mail was lost: a new link at once, in the language the account was made in.
    expect((await s.call(identityApi.register, { body: again })).status).toBe(201);
    const mail = await s.smtp.waitFor(p.email, (m) => !m.text.includes(first));
    expect(mail.subject).toBe('သင့် Inkwell အကောင့်ကို အသက်သွင်းပါ');
    const second = tokenFrom(mail.text, '/activate');
    // Within the hour, more tries mail nothing.
    expect((await s.call(identityApi.register, { body: again })).status).toBe(201);
    await jobsSettled(s, ['mail.send']);
    expect(s.smtp.received.filter((m) => m.to.includes(p.email.toLowerCase()))).toHaveLength(2);

    expect((await s.call(identityApi.verifyEmail, { body: { token: second } })).status).toBe(200);
    expect(await accountsWith(p.email)).toBe(1);
    const [after] = await s.ctx.db.select().from(users).where(eq(users.email, p.email));
    expect([after!.name, after!.username, after!.locale]).toEqual([p.name, p.username, 'my']);
    expect((await s.call(identityApi.login, { body: { ...p, device_name: 'x' } })).status).toBe(200);
    const other = await s.call(identityApi.login, { body: { ...again, device_name: 'x' } });
    expect(other.status).toBe(422);
  });
});

describe('activation links', () => {
  it('expire after 24 hours', async () => {
    const p = person();
    await s.call(identityApi.register, { body: p });
    const token = tokenFrom((await s.smtp.waitFor(p.email)).text, '/activate');
    await s.ctx.db
      .update(userTokens)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(userTokens.token_hash, sha256(token)));
    expect((await s.call(identityApi.verifyEmail, { body: { token } })).status).toBe(422);
  });

  it('opened again after activation: already active in the reader’s language, even once expired', async () => {
    const p = person();
    await s.call(identityApi.register, { body: p });
    const token = tokenFrom((await s.smtp.waitFor(p.email)).text, '/activate');
    expect((await s.call(identityApi.verifyEmail, { body: { token } })).status).toBe(200);
    await s.ctx.db
      .update(userTokens)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(userTokens.token_hash, sha256(token)));
    const again = await s.call(identityApi.verifyEmail, {
      body: { token },
      headers: { 'accept-language': 'my' },
    });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('သင့်အကောင့် အသက်ဝင်ပြီးသားဖြစ်သည်။ ဝင်ရောက်နိုင်ပါသည်။');
  });

  it('a made-up token is still refused, and bad input is a 422, never a 500', async () => {
    const unknown = await s.call(identityApi.verifyEmail, { body: { token: 'x'.repeat(43) } });
    expect(unknown.status).toBe(422);
    expect(unknown.error.errors!.token[0]).toMatch(/not valid|expired/);
    for (const body of [{}, { token: '' }, { token: 'a\u0000b' }, { token: 7 }]) {
      expect((await s.call(identityApi.verifyEmail, { rawBody: body })).status).toBe(422);
    }
  });

  it('after a refused sign-in, resend mails a working link', async () => {
    const p = person();
    await s.call(identityApi.register, { body: p });
    const first = tokenFrom((await s.smtp.waitFor(p.email)).text, '/activate');
    const refused = await s.call(identityApi.login, {
      body: { email: p.email, password: p.password, device_name: 'x' },
    });
    expect(refused.status).toBe(403);
    expect((await s.call(identityApi.resendActivation, { body: { email: p.email } })).status).toBe(200);
    const second = tokenFrom((await s.smtp.waitFor(p.email, (m) => !m.text.includes(first))).text, '/activate');
    expect((await s.call(identityApi.verifyEmail, { body: { token: second } })).status).toBe(200);
    expect((await s.call(identityApi.login, { body: { ...p, device_name: 'x' } })).status).toBe(200);
  });

  it('resend answers the same for unknown e-mails and replaces the previous link', async () => {
    const unknown = await s.call(identityApi.resendActivation, { body: { email: 'nobody@example.test' } });
    const p = person();
    await s.call(identityApi.register, { body: p });
    const first = tokenFrom((await s.smtp.waitFor(p.email)).text, '/activate');
    const known = await s.call(identityApi.resendActivation, { body: { email: p.email } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const second = tokenFrom((await s.smtp.waitFor(p.email, (m) => !m.text.includes(first))).text, '/activate');
    expect(second).not.toBe(first);
    expect((await s.call(identityApi.verifyEmail, { body: { token: first } })).status).toBe(422);
    expect((await s.call(identityApi.verifyEmail, { body: { token: second } })).status).toBe(200);
  });
});

describe('login and logout', () => {
  it('returns a token stored only as its hash, and the session user', async () => {
    const p = await registerAndActivate();
    const res = await s.call(identityApi.login, {
      body: { email: p.email.toUpperCase(), password: p.password, device_name: 'Pixel 7' },
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.user).toMatchObject({
      name: p.name,
      username: p.username,
      email: p.email,
      role_name: 'user',
      can_compose: false,
      create_account: false,
      logins: [],
      subscriptions: [],
    });
    const rows = await s.ctx.db.select().from(accessTokens).where(eq(accessTokens.user_id, res.body.user.id));
    expect(rows.map((r) => r.token_hash)).toEqual([sha256(res.body.token)]);
    expect(rows[0]!.device_name).toBe('Pixel 7');
  });

  it('refuses a wrong password with the error under email, and requires the fields', async () => {
    const p = await registerAndActivate();
    const wrong = await s.call(identityApi.login, {
      body: { email: p.email, password: 'not-the-password', device_name: 'x' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.error.message).toBe('These credentials do not match our records.');
    expect(wrong.error.errors!.email).toEqual(['These credentials do not match our records.']);
    const unknown = await s.call(identityApi.login, {
      body: { email: 'ghost@example.test', password: 'whatever-it-is', device_name: 'x' },
    });
    expect(unknown.body).toEqual(wrong.body);
    const missing = await s.call(identityApi.login, { rawBody: { email: p.email, password: p.password } });
    expect(missing.status).toBe(422);
    expect(missing.error.errors!.device_name).toEqual(['This field is required.']);
  });

  it('logout revokes only the current token', async () => {
    const p = await registerAndActivate();
    const a = await login(p, 'Phone');
    const b = await login(p, 'Laptop');
    expect((await s.call(identityApi.logout, { token: a })).status).toBe(204);
    expect((await s.call(usersApi.me, { token: a })).status).toBe(401);
    expect((await s.call(usersApi.me, { token: b })).status).toBe(200);
    expect((await s.call(identityApi.logout)).status).toBe(401);
  });

  it('GET /user needs a valid token', async () => {
    expect((await s.call(usersApi.me)).status).toBe(401);
    const garbage = await s.call(usersApi.me, { token: 'not-a-real-token', lang: 'my' });
    expect(garbage.status).toBe(401);
    expect(garbage.error.message).toBe('ဆက်လုပ်ရန် အကောင့်သို့ ဝင်ပါ။');
    const p = await registerAndActivate();
    const me = await s.call(usersApi.me, { token: await login(p) });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(p.email);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the e-mail exists, and resets once with the mailed token', async () => {
    const p = await registerAndActivate();
    const otherDevice = await login(p, 'Old phone');
    const unknown = await s.call(identityApi.forgotPassword, { body: { email: 'nobody@example.test' } });
    const known = await s.call(identityApi.forgotPassword, { body: { email: p.email } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);

    const mail = await s.smtp.waitFor(p.email, (m) => m.subject.includes('Reset'));
    const token = tokenFrom(mail.text, '/reset-password');
    const body = {
      token,
      email: p.email,
      password: 'brand-new-passphrase',
      password_confirmation: 'brand-new-passphrase',
    };

    const wrongEmail = await s.call(identityApi.resetPassword, { body: { ...body, email: 'x@example.test' } });
    expect(wrongEmail.status).toBe(422);
    const common = await s.call(identityApi.resetPassword, {
      body: { ...body, password: 'password1', password_confirmation: 'password1' },
    });
    expect(common.error.errors!.password[0]).toMatch(/too common/);

    expect((await s.call(identityApi.resetPassword, { body })).status).toBe(200);
    expect((await s.call(identityApi.resetPassword, { body })).status).toBe(422);
    expect((await s.call(usersApi.me, { token: otherDevice })).status).toBe(401);
    await login({ email: p.email, password: 'brand-new-passphrase' });
  });

  it('reset links expire after 60 minutes', async () => {
    const p = await registerAndActivate();
    await s.call(identityApi.forgotPassword, { body: { email: p.email } });
    const token = tokenFrom(
      (await s.smtp.waitFor(p.email, (m) => m.subject.includes('Reset'))).text,
      '/reset-password',
    );
    const [row] = await s.ctx.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.token_hash, sha256(token)));
    const minutes = (row!.expires_at.getTime() - row!.created_at.getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(60);
    await s.ctx.db
      .update(userTokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(userTokens.id, row!.id));
    const res = await s.call(identityApi.resetPassword, {
      body: { token, email: p.email, password: 'brand-new-passphrase', password_confirmation: 'brand-new-passphrase' },
    });
    expect(res.status).toBe(422);
  });
});

describe('bad input never becomes a 500', () => {
  it('malformed JSON, wrong content type and wrong types get translated 4xx answers', async () => {
    const bad = await s.call(identityApi.login, {
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
      lang: 'th',
    });
    expect(bad.status).toBe(400);
    expect(bad.error.message).toBe('ไม่สามารถอ่านคำขอได้');
    const xml = await s.call(identityApi.login, {
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.status).toBe(415);
    const types = await s.call(identityApi.register, {
      rawBody: { name: 5, username: ['x'], email: {}, password: null, password_confirmation: 1 },
    });
    expect(types.status).toBe(422);
    expect(types.error.errors!.name).toEqual(['This value has the wrong type.']);
    expect(types.error.errors!.password).toEqual(['This field is required.']);
  });
});
