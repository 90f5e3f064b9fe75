import { identityApi, postsApi, usersApi } from '@inkwell/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from './client';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client errors', () => {
  it('carries the server’s machine code beside its message, so "not activated" differs from "forbidden"', async () => {
    answer(403, { code: 'auth.not_activated', message: 'Please activate your account first.' });
    const notActivated = await failure(
      call(identityApi.login, { body: { email: 'a@b.test', password: 'x', device_name: 'web' } }),
    );
    expect(notActivated).toMatchObject({ status: 403, code: 'auth.not_activated' });

    answer(403, { code: 'forbidden', message: 'You are not allowed to do this.' });
    const forbidden = await failure(call(postsApi.remove, { params: { id: 1 } }));
    expect(forbidden).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('keeps the field errors with the validation code', async () => {
    answer(422, { code: 'validation_failed', message: 'Check the fields.', errors: { email: ['Required.'] } });
    const error = await failure(call(identityApi.forgotPassword, { body: { email: '' } }));
    expect(error).toMatchObject({ status: 422, code: 'validation_failed', errors: { email: ['Required.'] } });
  });

  it('says network when no answer came, and unknown when the answer had no code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await failure(call(usersApi.me))).toMatchObject({ status: 0, code: 'network' });

    answer(502, {});
    expect(await failure(call(usersApi.me))).toMatchObject({ status: 502, code: 'unknown' });
  });
});
