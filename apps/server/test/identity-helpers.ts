import { identityApi } from '@inkwell/contracts';
import { createUser, type UserSeed } from '../src/seed/factories';
import type { TestServer } from './harness';

/** An activated person signed in on one device: the usual starting point of a test. */
export async function signedIn(s: TestServer, seed: UserSeed = {}, device = 'Test device') {
  const user = await createUser(s.ctx.db, seed);
  const res = await s.call(identityApi.login, {
    body: { email: user.email, password: user.password, device_name: device },
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { user, token: res.body.token };
}

export async function loginAgain(s: TestServer, user: { email: string; password: string }, device: string) {
  const res = await s.call(identityApi.login, {
    body: { email: user.email, password: user.password, device_name: device },
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return res.body.token;
}
