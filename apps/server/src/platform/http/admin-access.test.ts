import * as contracts from '@inkwell/contracts';
import { buildPath, type EndpointDef, type Permission } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castOf, personWithPermissions, type Cast, type Person } from '../../../test/policy-table';
import { startTestServer, type TestServer } from '../../../test/harness';
import { adminFixture, SAMPLES, type Sample } from '../../../test/admin-samples';

/**
 * The access matrix of the admin area, over every contract endpoint that declares a `permission`: a guest is
 * 401, a reader 403, a person whose role holds every permission but that one 403, a person whose role holds
 * only that one 2xx, root 2xx. A new admin endpoint without a sample fails the first test, so none is missed.
 */
const isEndpoint = (value: unknown): value is EndpointDef =>
  Boolean(value && typeof value === 'object' && 'method' in value && 'path' in value && 'summary' in value);

const endpoints = new Map<string, EndpointDef>();
for (const group of Object.values(contracts)) {
  if (!group || typeof group !== 'object') continue;
  for (const value of Object.values(group as Record<string, unknown>)) {
    if (isEndpoint(value) && value.permission) endpoints.set(`${value.method} ${value.path}`, value);
  }
}
const ADMIN_ENDPOINTS = [...endpoints.entries()].sort(([a], [b]) => a.localeCompare(b));

let s: TestServer;
let cast: Cast;
let fx: Awaited<ReturnType<typeof adminFixture>>;
const holders = new Map<Permission, Promise<Person>>();
const holderOf = (permission: Permission) => {
  let person = holders.get(permission);
  if (!person) {
    person = personWithPermissions(s, `only_${permission.replace('.', '_')}`, [permission]);
    holders.set(permission, person);
  }
  return person;
};

beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
  fx = await adminFixture(s, cast);
}, 60_000);
afterAll(async () => s?.close());

async function send(endpoint: EndpointDef, sample: Sample, token?: string) {
  if (sample.form) {
    const path = `/api${buildPath(endpoint.path, sample.params)}${sample.query ? `?${new URLSearchParams(sample.query)}` : ''}`;
    const form = new FormData();
    for (const [key, value] of Object.entries(sample.form)) form.append(key, value);
    const res = await fetch(`${s.url}${path}`, {
      method: endpoint.method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: res.status, body: await res.text() };
  }
  // A sample's query and body are the table's own, untyped: sent as they are.
  const res = await s.call(endpoint, { params: sample.params, rawQuery: sample.query, rawBody: sample.body, token });
  return { status: res.status, body: JSON.stringify(res.body as unknown) ?? '' };
}

describe('admin access matrix', () => {
  it('has a sample request for every admin endpoint, and no sample for an endpoint that is gone', () => {
    expect(ADMIN_ENDPOINTS.length).toBeGreaterThan(0);
    expect(ADMIN_ENDPOINTS.map(([key]) => key).filter((key) => !SAMPLES[key])).toEqual([]);
    expect(Object.keys(SAMPLES).filter((key) => !endpoints.has(key))).toEqual([]);
  });

  it.each(ADMIN_ENDPOINTS)(
    '%s: 401 guest, 403 reader, 403 without its permission, 2xx with it, 2xx root',
    async (key, endpoint) => {
      const permission = endpoint.permission!;
      const sample = SAMPLES[key]!;
      const answers = {
        guest: (await send(endpoint, await sample(fx))).status,
        reader: (await send(endpoint, await sample(fx), cast.people.reader.token)).status,
        lacking: (await send(endpoint, await sample(fx), (await cast.lacking(permission)).token)).status,
      };
      expect(answers).toEqual({ guest: 401, reader: 403, lacking: 403 });
      for (const who of ['holder', 'root'] as const) {
        const token = who === 'root' ? cast.people.root.token : (await holderOf(permission)).token;
        const res = await send(endpoint, await sample(fx), token);
        expect(res.status, `${who}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
        expect(res.status, `${who}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
      }
    },
  );
});
