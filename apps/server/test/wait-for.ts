import type { JobName } from '@inkwell/contracts';
import type { App } from '../src/app';

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Polls `check` until it returns without throwing (put the `expect` inside) and answers its value; after
 * `timeoutMs` the last error is thrown. For what a job writes after the request has answered.
 */
export async function waitFor<T>(check: () => T | Promise<T>, options: WaitOptions = {}): Promise<T> {
  const { timeoutMs = 10_000, intervalMs = 50 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/**
 * Waits until the events already published have reached their subscribers and no job of `names` is
 * waiting, retrying or running: then "exactly one row" means one, not "one so far".
 */
export async function jobsSettled(
  server: App,
  names: JobName[] = ['notifications.create'],
  options: WaitOptions = {},
): Promise<void> {
  await server.ctx.events.drain();
  await waitFor(async () => {
    for (const name of names) {
      const open = await server.ctx.jobs.boss.getQueueSize(name, { before: 'completed' });
      if (open > 0) throw new Error(`${open} ${name} job(s) still open`);
    }
  }, options);
}

/**
 * Polls `find` until it answers something (not undefined, null or false) and answers that: for a row or a
 * notification a job writes later. (`waitFor` takes any answer, so a check that answers "not yet" must throw.)
 */
export async function waitUntil<T>(
  find: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  options: WaitOptions = {},
): Promise<T> {
  return waitFor(async () => {
    const value = await find();
    if (value === undefined || value === null || value === false) throw new Error('not there yet');
    return value;
  }, options);
}
