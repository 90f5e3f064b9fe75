import { PERMISSIONS, type Permission } from '@inkwell/contracts';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { accountUsers, permissions, rolePermissions, roles, users } from '../src/db/schema';
import { createCreatorAccount } from './factories';
import type { TestServer } from './harness';
import { signedIn } from './identity-helpers';

/**
 * The rows of every policy table: who asks. `member` is an editor of the fixture's account, `owner` its owner,
 * `other_owner` owns another account, `admin_lacking` holds every permission but the one the action needs,
 * `admin` the seeded administrator role (all of them), `root` root.
 */
export const WHO = ['guest', 'reader', 'member', 'owner', 'other_owner', 'admin_lacking', 'admin', 'root'] as const;
export type Who = (typeof WHO)[number];

export interface Person {
  token?: string;
  user?: { id: number; name: string; username: string };
}

export interface Cast {
  s: TestServer;
  people: Record<Exclude<Who, 'admin_lacking'>, Person>;
  /** A person whose role holds every permission but `lacking` (made once per permission). */
  lacking(permission: Permission): Promise<Person>;
}

/** A role with exactly these permissions, and a person signed in with it. */
export async function personWithPermissions(s: TestServer, name: string, granted: readonly Permission[]) {
  const [role] = await s.ctx.db.insert(roles).values({ name }).returning();
  const rows = granted.length
    ? await s.ctx.db
        .select()
        .from(permissions)
        .where(inArray(permissions.name, [...granted]))
    : [];
  if (rows.length) {
    await s.ctx.db.insert(rolePermissions).values(rows.map((p) => ({ role_id: role!.id, permission_id: p.id })));
  }
  const person = await signedIn(s);
  // Before the token's first use, so no cache holds the old role.
  await s.ctx.db.update(users).set({ role_id: role!.id }).where(eq(users.id, person.user.id));
  return person;
}

export async function castOf(s: TestServer): Promise<Cast> {
  const [reader, member, owner, otherOwner, admin, root] = await Promise.all([
    signedIn(s),
    signedIn(s),
    signedIn(s),
    signedIn(s),
    signedIn(s, { role: 'admin' }),
    signedIn(s, { role: 'root' }),
  ]);
  await createCreatorAccount(s.ctx.db, otherOwner.user.id);
  const lackers = new Map<Permission, Promise<Person>>();
  return {
    s,
    people: { guest: {}, reader, member, owner, other_owner: otherOwner, admin, root },
    lacking(permission) {
      let person = lackers.get(permission);
      if (!person) {
        const name = `lacks_${permission.replace('.', '_')}_${Date.now().toString(36)}`.slice(0, 60);
        person = personWithPermissions(
          s,
          name,
          PERMISSIONS.filter((p) => p !== permission),
        );
        lackers.set(permission, person);
      }
      return person;
    },
  };
}

/** An account owned by the cast's owner with its member as an editor (approved, or as `approved` says). */
export async function castAccount(cast: Cast, approved: 'approved' | 'pending' = 'approved') {
  const account = await createCreatorAccount(cast.s.ctx.db, cast.people.owner.user!.id, { approved });
  await cast.s.ctx.db
    .insert(accountUsers)
    .values({ account_id: account.id, user_id: cast.people.member.user!.id, role: 'editor' });
  return account;
}

/**
 * One action tried by every row. `act` answers the action's HTTP status and, where a read answer carries it,
 * the flag that offers the action (`can_modify`, `can_delete`); the two must agree on every row (a flag is
 * true exactly when the action succeeds). Returns the statuses by row, to compare with the expected table.
 */
export async function tryEveryone(
  cast: Cast,
  lacking: Permission,
  act: (person: Person, who: Who) => Promise<{ status: number; flag?: boolean }>,
): Promise<Record<Who, number>> {
  const statuses = {} as Record<Who, number>;
  const disagreements: string[] = [];
  for (const who of WHO) {
    const person = who === 'admin_lacking' ? await cast.lacking(lacking) : cast.people[who];
    const { status, flag } = await act(person, who);
    statuses[who] = status;
    if (flag !== undefined && flag !== status < 300) disagreements.push(`${who}: ${status} but flag ${flag}`);
  }
  expect(disagreements).toEqual([]);
  return statuses;
}

/** Builds an expected table from its eight cells in WHO order. */
export const row = (...cells: number[]): Record<Who, number> =>
  Object.fromEntries(WHO.map((who, i) => [who, cells[i]])) as Record<Who, number>;
