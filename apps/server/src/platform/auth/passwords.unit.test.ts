import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';

describe('common passwords', () => {
  it.each(['password', '12345678', 'qwertyuiop', 'Password', 'iloveyou'])('%s is common', (p) => {
    expect(isCommonPassword(p)).toBe(true);
  });
  it.each(['a-long-unusual-passphrase', 'correct-horse-battery', 'ink&drop#2026'])('%s is not', (p) => {
    expect(isCommonPassword(p)).toBe(false);
  });
});

describe('argon2id', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('s3cret-passphrase');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 's3cret-passphrase')).toBe(true);
    expect(await verifyPassword(hash, 'wrong')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
