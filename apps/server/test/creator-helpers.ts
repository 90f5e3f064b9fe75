import {
  billingApi,
  postsApi,
  type CreateAccountBody,
  type CreatePostBody,
  type OrganizationBody,
} from '@inkwell/contracts';
import { expect } from 'vitest';
import { createCreatorAccount } from './factories';
import type { TestServer } from './harness';
import { signedIn } from './identity-helpers';

export const planId = async (server: TestServer, slug: string) =>
  (await server.call(billingApi.plans)).body.data.find((p) => p.slug === slug)!.id;

/** A signed-in person on a free trial of the Creator plan, started through the API. */
export async function onCreatorTrial(server: TestServer) {
  const person = await signedIn(server);
  const res = await server.call(billingApi.subscribe, {
    token: person.token,
    body: {
      plan_id: await planId(server, 'creator'),
      trial: true,
      billing_cycle: 'monthly',
      payment_provider: 'free_trial',
    },
  });
  expect(res.status).toBe(200);
  return person;
}

let n = 0;
/** A valid organization body with a fresh username. */
export const organizationBody = (over: Partial<OrganizationBody> = {}): OrganizationBody => ({
  name: 'Yangon Voices',
  username: `yv_org_${++n}`,
  description: 'Stories from Yangon',
  url: 'https://yangon.example',
  ...over,
});

/** A valid creator account body in `organization_id`, with a fresh username and the terms accepted. */
export const accountBody = (organization_id: number, over: Partial<CreateAccountBody> = {}): CreateAccountBody => ({
  name: 'Yangon Voices Daily',
  username: `yv_daily_${++n}`,
  description: 'Daily notes',
  organization_id,
  terms: true,
  ...over,
});

/** A signed-in creator with an account made straight in the database (approved unless asked). */
export async function withAccount(
  server: TestServer,
  approved: 'approved' | 'pending' = 'approved',
  seed: { name?: string; description?: string } = {},
) {
  const person = await signedIn(server);
  const account = await createCreatorAccount(server.ctx.db, person.user.id, { approved, ...seed });
  return { ...person, account };
}

/** `POST /api/posts` as `c`. */
export const postAs = (server: TestServer, c: { token: string }, body: CreatePostBody) =>
  server.call(postsApi.create, { token: c.token, body });
