import { describe, expect, it } from 'vitest';
import { atMost } from './deadline';

describe('atMost', () => {
  it('waits for work that ends in time and says nothing', async () => {
    const late: string[] = [];
    await atMost(new Promise((resolve) => setTimeout(resolve, 10)), 500, (label) => late.push(label), 'quick');
    expect(late).toEqual([]);
  });

  it('goes on past the deadline, naming the step, when the work never ends', async () => {
    const late: [string, number][] = [];
    const started = Date.now();
    await atMost(new Promise(() => undefined), 50, (label, ms) => late.push([label, ms]), 'database');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(late).toEqual([['database', 50]]);
  });

  it('passes on the failure of work that fails in time', async () => {
    await expect(atMost(Promise.reject(new Error('refused')), 500, () => undefined, 'jobs')).rejects.toThrow('refused');
  });
});
