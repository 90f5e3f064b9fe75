import { describe, expect, it } from 'vitest';
import { isTransientFault } from './faults';

describe('isTransientFault', () => {
  it('knows a database, Redis or network that is away', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isTransientFault(refused)).toBe(true);
    expect(isTransientFault(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    const retries = Object.assign(new Error('Reached the max retries per request limit (which is 2).'), {
      name: 'MaxRetriesPerRequestError',
    });
    expect(isTransientFault(retries)).toBe(true);
    expect(isTransientFault(new Error('Connection is closed.'))).toBe(true);
    expect(isTransientFault(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
  });

  it('does not excuse a bug', () => {
    expect(isTransientFault(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isTransientFault(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isTransientFault(undefined)).toBe(false);
    expect(isTransientFault('a string')).toBe(false);
  });
});
