import { ERROR_CODES } from '@inkwell/contracts';
import { describe, expect, it } from 'vitest';
import { errorCode } from './errors';
import { en, type MessageKey } from './i18n/en';

describe('error codes', () => {
  it('gives every generic errors.* key a code from ERROR_CODES', () => {
    const generic = (Object.keys(en) as MessageKey[]).filter((key) => key.startsWith('errors.'));
    expect(generic.length).toBeGreaterThan(5);
    for (const key of generic) expect(ERROR_CODES).toContain(errorCode(key));
  });

  it('names the common ones plainly and keeps a reason’s own key', () => {
    expect(errorCode('errors.validation')).toBe('validation_failed');
    expect(errorCode('errors.unauthenticated')).toBe('unauthenticated');
    expect(errorCode('errors.forbidden')).toBe('forbidden');
    expect(errorCode('errors.not_found')).toBe('not_found');
    expect(errorCode('errors.rate_limited')).toBe('rate_limited');
    expect(errorCode('auth.not_activated')).toBe('auth.not_activated');
    expect(errorCode('auth.login_locked')).toBe('auth.login_locked');
  });
});
