import { randomBytes } from 'node:crypto';
import type { ApprovedStatus, RoleName } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { accountUsers, accounts, mediaFiles, organizations, plans, subscriptions, users } from '../db/schema';
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

let counter = 0;
const next = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** An approved organization and creator account owned by `ownerId` (as the create flow leaves them). */
export async function createCreatorAccount(
  db: Db,
  ownerId: number,
  seed: { name?: string; username?: string; description?: string; approved?: ApprovedStatus } = {},
) {
  const id = next();
  const [org] = await db
    .insert(organizations)
    .values({
      user_id: ownerId,
      name: `Org ${id}`,
      username: `org_${id}`.slice(0, 30),
      description: 'An organization',
      approved_status: 'approved',
    })
    .returning();
  const [account] = await db
    .insert(accounts)
    .values({
      organization_id: org!.id,
      name: seed.name ?? `Account ${id}`,
      username: seed.username ?? `acct_${id}`.slice(0, 30),
      description: seed.description ?? 'A creator account',
      approved_status: seed.approved ?? 'approved',
    })
    .returning();
  await db.insert(accountUsers).values({ account_id: account!.id, user_id: ownerId, role: 'owner' });
  return account!;
}

/** A live, paid-up subscription of `userId`'s to the plan with this slug (a month from now). */
export async function subscribeToPlan(db: Db, userId: number, slug: string) {
  const [plan] = await db
    .select()
    .from(plans)
    .where(sql`${plans.slug} = ${slug}`);
  if (!plan) throw new Error(`no plan ${slug}`);
  const [row] = await db
    .insert(subscriptions)
    .values({
      user_id: userId,
      plan_id: plan.id,
      status: 'active',
      billing_cycle: 'monthly',
      provider: 'kbzpay',
      expires_at: new Date(Date.now() + 30 * 24 * 3600 * 1000),
    })
    .returning();
  return { subscription: row!, plan };
}

/** A processed upload of `userId`'s, as the media pipeline leaves it (no file behind it). */
export async function createMediaFile(
  db: Db,
  userId: number,
  kind: 'image' | 'audio' | 'video',
  status: 'processed' | 'processing' = 'processed',
) {
  const id = randomBytes(16).toString('hex');
  const ext = kind === 'image' ? 'webp' : kind === 'audio' ? 'm4a' : 'mp4';
  const key = `${kind === 'image' ? 'images/photos' : kind}/2026/01/${id}.${ext}`;
  await db
    .insert(mediaFiles)
    .values({ id, user_id: userId, kind, status, output_key: key, progress: status === 'processed' ? 100 : 10 });
  return { id, key, url: `/uploads/${key}` };
}
