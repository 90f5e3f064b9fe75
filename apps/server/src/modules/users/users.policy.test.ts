import { PERMISSIONS, type RoleName, usersApi } from '@inkwell/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions } from '../../db/schema';
import { authenticate, permissionsOfRole } from '../../platform/auth/authenticate';
import { roleIdByName, seedRolesAndPermissions } from '../../seed/system';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { castOf, row, tryEveryone, type Cast, type Person } from '../../../test/policy-table';
import { userAccess } from './users.policy';
import * as repo from './users.repo';

let s: TestServer;
let cast: Cast;
beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
});
afterAll(async () => {
  await s?.close();
});

/** `can_modify` of the users policy for `person` editing `targetId` (false for a guest). */
async function canModify(person: Person, targetId: number) {
  if (!person.token) return false;
  const auth = await authenticate(s.ctx, { headers: { authorization: `Bearer ${person.token}` } } as FastifyRequest);
  const target = (await repo.findUserWithRole(s.ctx.db, targetId))!;
  return userAccess(auth!, {
    id: targetId,
    role_name: target.role_name,
    permissions: await permissionsOfRole(s.ctx, { role_id: target.user.role_id }),
  }).can_modify;
}

/** Every row edits a fresh person of `role` (their name only). */
const editing = (role: RoleName) => async (p: Person) => {
  const target = await signedIn(s, { role });
  const flag = await canModify(p, target.user.id);
  const res = await s.call(usersApi.update, {
    params: { id: target.user.id },
    token: p.token,
    body: { name: 'Renamed', username: target.user.username },
  });
  return { status: res.status, flag };
};

//                   guest reader member owner other adm-lack admin root
describe('user policy table', () => {
  it("edit a reader's profile: users.update", async () => {
    expect(await tryEveryone(cast, 'users.edit', editing('user'))).toEqual(row(401, 403, 403, 403, 403, 403, 200, 200));
  });

  it('edit an administrator: only one who holds every permission they hold', async () => {
    // The row lacking users.role holds users.update, yet not all the administrator holds: outranked.
    expect(await tryEveryone(cast, 'users.role', editing('admin'))).toEqual(
      row(401, 403, 403, 403, 403, 403, 200, 200),
    );
  });

  it('edit root: nobody but root themselves', async () => {
    expect(await tryEveryone(cast, 'users.edit', editing('root'))).toEqual(row(401, 403, 403, 403, 403, 403, 403, 403));
  });

  it('edit oneself: everyone signed in', async () => {
    const got = await tryEveryone(cast, 'users.edit', async (p) => {
      const me = p.token ? (await s.call(usersApi.me, { token: p.token })).body.data : { id: 1, username: 'x' };
      const flag = p.token ? await canModify(p, me.id) : false;
      const res = await s.call(usersApi.update, {
        params: { id: me.id },
        token: p.token,
        body: { name: 'Myself', username: me.username },
      });
      return { status: res.status, flag };
    });
    expect(got).toEqual(row(401, 200, 200, 200, 200, 200, 200, 200));
  });
});

describe('permissions on the session user', () => {
  it("GET /api/user carries the role's permissions: none for a reader, all for root, a trimmed role its own", async () => {
    const me = async (p: Person) => (await s.call(usersApi.me, { token: p.token })).body.data;
    expect((await me(cast.people.reader)).permissions).toEqual([]);
    expect((await me(cast.people.root)).permissions).toHaveLength((await me(cast.people.admin)).permissions.length);
    const lacking = await me(await cast.lacking('users.role'));
    expect(lacking.permissions).not.toContain('users.role');
    expect(lacking.permissions).toContain('users.edit');
    // A role made in the admin area is named freely (it used to fail the answer's schema: a 500).
    expect(lacking.role_name).toMatch(/^lacks_users_role/);
  });

  it('root holds every permission through its role rows, restored on each start if one was taken away', async () => {
    const rootRole = await roleIdByName(s.ctx.db, 'root');
    const [gone] = await s.ctx.db.select().from(permissions).where(eq(permissions.name, 'users.role'));
    await s.ctx.db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.role_id, rootRole), eq(rolePermissions.permission_id, gone!.id)));
    const me = async () => (await s.call(usersApi.me, { token: cast.people.root.token })).body.data;
    expect((await me()).permissions).not.toContain('users.role');
    await seedRolesAndPermissions(s.ctx.db);
    expect([...(await me()).permissions].sort()).toEqual([...PERMISSIONS].sort());
  });
});
