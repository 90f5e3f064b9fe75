import { describe, expect, it } from 'vitest';
import { fromZonedInput, toZonedInput } from './zonedTime';

describe('wall-clock times in an account’s zone', () => {
  it('reads 08:00 in Yangon (+06:30) and in Bangkok (+07:00) as their instants, whatever this machine’s zone', () => {
    expect(fromZonedInput('2026-12-01T08:00', 'Asia/Yangon')!.toISOString()).toBe('2026-12-01T01:30:00.000Z');
    expect(fromZonedInput('2026-12-01T08:00', 'Asia/Bangkok')!.toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(fromZonedInput('2026-12-01T00:10', 'Asia/Yangon')!.toISOString()).toBe('2026-11-30T17:40:00.000Z');
  });

  it('writes an instant back as the zone’s wall clock', () => {
    expect(toZonedInput(new Date('2026-12-01T01:30:00Z'), 'Asia/Yangon')).toBe('2026-12-01T08:00');
    expect(toZonedInput(Date.parse('2026-11-30T23:59:00Z'), 'Asia/Bangkok')).toBe('2026-12-01T06:59');
  });

  it('crosses a daylight-saving change: the offset of the day asked for, not of today', () => {
    expect(fromZonedInput('2026-07-01T09:00', 'Europe/London')!.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(fromZonedInput('2026-12-01T09:00', 'Europe/London')!.toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });

  it('answers null for what is not a time', () => {
    expect(fromZonedInput('', 'Asia/Yangon')).toBeNull();
    expect(fromZonedInput('tomorrow', 'Asia/Yangon')).toBeNull();
  });
});
