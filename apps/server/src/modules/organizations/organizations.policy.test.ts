import type { FastifyRequest } from 'fastify';
import { accountsApi, organizationsApi } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema';
import { authenticate } from '../../platform/auth/authenticate';
import { subscribeToPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { castOf, row, tryEveryone, type Cast, type Person } from '../../../test/policy-table';
import { organizationAccess } from './organizations.policy';

let s: TestServer;
let cast: Cast;
beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
  // Opening accounts needs a plan that allows it; the owner has one, so only the policy can refuse them.
  await subscribeToPlan(s.ctx.db, cast.people.owner.user!.id, 'creator');
});
afterAll(async () => {
  await s?.close();
});

let n = 0;
async function castOrganization(approved: 'approved' | 'pending' = 'approved') {
  const [row] = await s.ctx.db
    .insert(organizations)
    .values({
      user_id: cast.people.owner.user!.id,
      name: 'Mandalay Makers',
      username: `mm_org_${Date.now().toString(36)}_${++n}`,
      description: 'Makers of Mandalay',
      approved_status: approved,
    })
    .returning();
  return row!;
}

/** The rule as it stands for `person` (the same AuthContext a request of theirs gets). */
async function accessOf(person: Person, organization: Awaited<ReturnType<typeof castOrganization>>) {
  const auth = person.token
    ? await authenticate(s.ctx, { headers: { authorization: `Bearer ${person.token}` } } as FastifyRequest)
    : null;
  return organizationAccess(auth, organization);
}

//                   guest reader member owner other adm-lack admin root
describe('organization policy table', () => {
  it('open a creator account in an organization: its owner only; 403 for everyone else', async () => {
    const organization = await castOrganization();
    const got = await tryEveryone(cast, 'organizations.edit', async (p) => {
      const res = await s.call(accountsApi.create, {
        token: p.token,
        body: {
          name: 'Mandalay Daily',
          username: `md_${Date.now().toString(36)}_${++n}`,
          description: 'Daily notes',
          organization_id: organization.id,
          terms: true,
        },
      });
      return { status: res.status, flag: p.token ? (await accessOf(p, organization)).can_add_account : undefined };
    });
    expect(got).toEqual(row(401, 403, 403, 201, 403, 403, 403, 403));
  });

  it('modify (PUT /organizations/{id}): organizations.edit only; can_modify says the same, the owner’s list too', async () => {
    const organization = await castOrganization();
    const got = await tryEveryone(cast, 'organizations.edit', async (p) => {
      const res = await s.call(organizationsApi.update, {
        params: { id: organization.id },
        token: p.token,
        body: {
          name: organization.name,
          username: organization.username,
          description: organization.description,
          url: null,
          profile_url: null,
          approved_status: 'approved',
          published_status: 'published',
        },
      });
      return { status: res.status, flag: p.token ? (await accessOf(p, organization)).can_modify : undefined };
    });
    expect(got).toEqual(row(401, 403, 403, 403, 403, 403, 200, 200));
    const mine = await s.call(organizationsApi.mine, { token: cast.people.owner.token });
    expect(mine.body.data.find((o) => o.id === organization.id)!.can_modify).toBe(false);
  });

  it('see a pending organization: its owner and organizations.view', async () => {
    const organization = await castOrganization('pending');
    const got = await tryEveryone(cast, 'organizations.view', async (p) => ({
      status: (await accessOf(p, organization)).visible ? 200 : 404,
    }));
    expect(got).toEqual(row(404, 404, 404, 200, 404, 404, 200, 200));
  });
});
