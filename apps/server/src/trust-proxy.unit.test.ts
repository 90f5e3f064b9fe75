import { describe, expect, it } from 'vitest';
import { parseTrustProxy, trustProxyOption } from './config';

describe('TRUST_PROXY', () => {
  it('ignores X-Forwarded-For unless set', () => {
    for (const value of [undefined, '', 'false', 'off', '0']) expect(parseTrustProxy(value)).toBe(false);
  });

  it('reads `true` as one hop, never as every hop (the left-most address is the client’s own writing)', () => {
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('TRUE')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
  });

  it('passes proxy addresses and ranges on as a list', () => {
    expect(parseTrustProxy(' 10.0.0.1 , 10.1.0.0/16,loopback ')).toBe('10.0.0.1,10.1.0.0/16,loopback');
  });

  it('turns a hop count into a trust function for exactly that many hops from the socket', () => {
    const trust = trustProxyOption(1) as (address: string, hop: number) => boolean;
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('203.0.113.9', 1)).toBe(false);
    expect(trustProxyOption('10.0.0.1')).toBe('10.0.0.1');
    expect(trustProxyOption(false)).toBe(false);
  });
});
