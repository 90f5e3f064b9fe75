import { randomBytes } from 'node:crypto';
import type { RoleName } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import { roleIdByName } from './system';

/** Builders for test data, shared by integration tests, the seed scenarios and the bench generator. */

const hashes = new Map<string, Promise<string>>();
/** Argon2 is slow on purpose; builders hash each distinct password once per process. */
const cachedHash = (password: string): Promise<string> => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

let sequence = 0;
const unique = (): string => `${Date.now().toString(36)}${(sequence++).toString(36)}${randomBytes(2).toString('hex')}`;

export interface UserSeed {
  name?: string;
  username?: string;
  email?: string;
  password?: string;
  role?: RoleName;
  activated?: boolean;
  locale?: 'en' | 'my' | 'th';
  profile_url?: string | null;
}

export const DEFAULT_TEST_PASSWORD = 'correct-horse-battery';

export async function createUser(db: Db, seed: UserSeed = {}) {
  const id = unique();
  const username = seed.username ?? `user_${id}`.slice(0, 30);
  const [row] = await db
    .insert(users)
    .values({
      name: seed.name ?? `User ${id}`,
      username,
      email: seed.email ?? `${username}@example.test`,
      password_hash: await cachedHash(seed.password ?? DEFAULT_TEST_PASSWORD),
      role_id: await roleIdByName(db, seed.role ?? 'user'),
      locale: seed.locale ?? 'en',
      profile_url: seed.profile_url ?? null,
      email_verified_at: seed.activated === false ? null : sql`now()`,
    })
    .returning();
  return { ...row!, password: seed.password ?? DEFAULT_TEST_PASSWORD };
}
