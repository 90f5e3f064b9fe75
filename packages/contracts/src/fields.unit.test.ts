import { describe, expect, it } from 'vitest';
import { Email, NewPassword, Username } from './fields';
import { ChangePasswordBody, RegisterBody } from './identity';

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

  it('must match their confirmation, reported under password, alongside other errors', () => {
    const r = RegisterBody.safeParse({
      name: '',
      username: 'okay_name',
      email: 'a@b.co',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-2',
    });
    expect(r.success).toBe(false);
    const byPath = r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath.password).toBe('validation.password_confirmed');
    expect(byPath).toHaveProperty('name');
    expect(
      ChangePasswordBody.safeParse({ current_password: 'x', password: 'abcdefgh', password_confirmation: 'abcdefgh' })
        .success,
    ).toBe(true);
  });
});
