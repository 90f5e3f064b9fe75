import { describe, expect, it } from 'vitest';
import { SubscribeBody } from './billing';
import { Id, IdParams } from './common';
import { CreateAccountBody } from './accounts';
import { Dob, Email, NewPassword, Username } from './fields';
import { ChangePasswordBody, RegisterBody } from './identity';
import { CreateCommentBody } from './comments';
import { LikeBody } from './likes';
import { CreatePostBody } from './posts';

describe('Username', () => {
  it.each(['abc', 'a_b.c', 'user123', 'x'.repeat(30), '  Mixed.Case  '])('accepts %j', (v) => {
    expect(Username.safeParse(v).success).toBe(true);
  });
  it('lowercases and trims', () => {
    expect(Username.parse('  Aye.Chan  ')).toBe('aye.chan');
  });
  it.each(['ab', 'x'.repeat(31), 'with space', 'dash-ed', 'ñandu', 'မြန်မာ', 'ไทย', 'a@b'])('refuses %j', (v) => {
    expect(Username.safeParse(v).success).toBe(false);
  });
  it('names the format rule with its message key', () => {
    const r = Username.safeParse('bad name');
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toContain('validation.username_format');
  });
});

describe('Email', () => {
  it('normalises case and spaces', () => {
    expect(Email.parse('  Aye@Example.COM ')).toBe('aye@example.com');
  });
  it.each(['', 'plain', 'a@', '@b.c', `${'x'.repeat(250)}@e.co`])('refuses %j', (v) => {
    expect(Email.safeParse(v).success).toBe(false);
  });
});

describe('passwords', () => {
  it('are 8 to 128 characters', () => {
    expect(NewPassword.safeParse('1234567').success).toBe(false);
    expect(NewPassword.safeParse('12345678').success).toBe(true);
    expect(NewPassword.safeParse('x'.repeat(128)).success).toBe(true);
    expect(NewPassword.safeParse('x'.repeat(129)).success).toBe(false);
  });

  it('must match their confirmation, reported under the confirmation, alongside other errors', () => {
    const r = RegisterBody.safeParse({
      name: '',
      username: 'okay_name',
      email: 'a@b.co',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-2',
    });
    expect(r.success).toBe(false);
    const byPath = r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath.password_confirmation).toBe('validation.password_confirmed');
    expect(byPath).not.toHaveProperty('password');
    expect(byPath).toHaveProperty('name');
    expect(
      ChangePasswordBody.safeParse({ current_password: 'x', password: 'abcdefgh', password_confirmation: 'abcdefgh' })
        .success,
    ).toBe(true);
  });
});

describe('Id', () => {
  it.each([1, '42', 2147483647, '2147483647'])('accepts %j', (v) => {
    expect(Id.safeParse(v).success).toBe(true);
  });
  it.each([2147483648, '2147483648', 2 ** 53, '99999999999999999999', 0, -1, 1.5, '1e400', 'abc', '', null])(
    'refuses %j, past the integer columns or not an id, with one message',
    (v) => {
      const r = Id.safeParse(v);
      expect(r.success).toBe(false);
      if (!r.success && r.error.issues[0]!.code !== 'invalid_type')
        expect(new Set(r.error.issues.map((i) => i.message))).toEqual(new Set(['validation.invalid']));
    },
  );
  it('bounds every id a request carries', () => {
    const tooBig = 2 ** 31;
    expect(IdParams.safeParse({ id: tooBig }).success).toBe(false);
    expect(CreatePostBody.safeParse({ account_id: tooBig, type: 'status' }).success).toBe(false);
    expect(CreateCommentBody.safeParse({ post_id: 1, content: 'x', parent_comment_id: tooBig }).success).toBe(false);
    expect(CreateCommentBody.safeParse({ post_id: 1, content: 'x', account_id: tooBig }).success).toBe(false);
    expect(CreateCommentBody.safeParse({ post_id: tooBig, content: 'x' }).success).toBe(false);
    expect(LikeBody.safeParse({ likeable_type: 'post', likeable_id: tooBig }).success).toBe(false);
    expect(SubscribeBody.safeParse({ plan_id: tooBig }).success).toBe(false);
    expect(
      CreateAccountBody.safeParse({
        organization_id: tooBig,
        name: 'N',
        username: 'abc',
        description: 'D',
        terms: true,
      }).success,
    ).toBe(false);
  });
});

describe('Dob', () => {
  it.each(['1990-02-28', '2000-02-29', '1900-01-01', null])('accepts %j', (v) => {
    expect(Dob.safeParse(v).success).toBe(true);
  });
  it.each(['0000-01-01', '1899-12-31', '1990-02-31', '2001-02-29', '1990-13-01', '2999-01-01', '1990-1-1'])(
    'refuses %j',
    (v) => {
      expect(Dob.safeParse(v).success).toBe(false);
    },
  );
});
