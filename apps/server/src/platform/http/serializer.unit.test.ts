import * as contracts from '@inkwell/contracts';
import { Timestamp, accountsApi, billingApi, dataOf, paged, type EndpointDef } from '@inkwell/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseSerializer, responseSerializerCompiler } from './serializer';

const endpoints = Object.entries(contracts)
  .filter(([name]) => name.endsWith('Api'))
  .flatMap(([name, api]) =>
    Object.entries(api as Record<string, EndpointDef>).map(([key, def]) => [`${name}.${key}`, def] as const),
  );

const plan = { id: 1, slug: 'creator', name: 'Creator', secret_price: 1 };
const subscription = {
  id: 7,
  plan_id: 1,
  plan,
  billing_cycle: null,
  status: 'trialing',
  provider: 'free_trial',
  trial_ends_at: '2030-01-01T00:00:00.000Z',
  started_at: null,
  expires_at: null,
  user_id: 3,
};
const payment = {
  id: 2,
  order_id: 'INK-1',
  purpose: 'plan',
  plan,
  account_id: null,
  tier_id: null,
  membership_id: null,
  billing_cycle: 'monthly',
  provider: 'kbzpay',
  sandbox: true,
  amount: 5000,
  currency: 'MMK',
  status: 'pending',
  next_step: { type: 'form', action: 'https://pay.test', fields: { a: '1', b: '2' }, merchant_key: 'k' },
  subscription: null,
  created_at: '2030-01-01T00:00:00.000Z',
  expires_at: '2030-01-01T00:30:00.000Z',
  paid_at: null,
  gateway_payload: { secret: true },
};
/** Shapes like the contract's posts and comments (kept here, so the fixtures do not follow every new field). */
const Item = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  photos: z.array(z.object({ url: z.string(), caption: z.string() })),
  account: z.object({ id: z.number().int(), username: z.string() }),
  owner: z.object({ id: z.number().int() }).nullable(),
  parent_id: z.number().int().nullable(),
  kind: z.enum(['a', 'b']).optional(),
  created_at: Timestamp,
});
const item = {
  id: 1,
  title: null,
  photos: [{ url: '/uploads/photos/a.webp', caption: '', storage_key: 'private' }],
  account: { id: 4, username: 'ink', owner_email: 'o@ink.test' },
  owner: { id: 3, password_hash: 'x' },
  parent_id: null,
  created_at: '2030-01-01T00:00:00.000Z',
  search_text: 'hello',
};
interface NodeT {
  id: number;
  replies: NodeT[];
}
const Node: z.ZodType<NodeT> = z.lazy(() => z.object({ id: z.number().int(), replies: z.array(Node) }));
const node = (id: number, replies: unknown[]) => ({ id, replies, author_email: 'r@ink.test' });

const parse = (text: string): unknown => JSON.parse(text);
const keysDeep = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysDeep)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, item]) => [key, ...keysDeep(item)])
      : [];

describe('response serializer', () => {
  it('compiles the answer of every contract endpoint', () => {
    const withAnswer = endpoints.filter(([, def]) => def.response);
    expect(withAnswer.length).toBeGreaterThan(30);
    for (const [, def] of withAnswer) expect(typeof compileResponseSerializer(def.response!)).toBe('function');
  });

  it('writes only what the contract lists, nested objects and arrays included', () => {
    const schema = paged(Item);
    const meta = { current_page: 1, last_page: 1, per_page: 20, total: 1, links: [], sql: 'select' };
    const body = parse(compileResponseSerializer(schema)({ data: [item], meta }));
    const keys = keysDeep(body);
    for (const extra of ['search_text', 'owner_email', 'storage_key', 'password_hash', 'sql'])
      expect(keys).not.toContain(extra);
    expect(body).toEqual(schema.parse({ data: [item], meta }));
  });

  it('recursive schemas, nullable objects, records and both branches of a union', () => {
    const tree = parse(compileResponseSerializer(dataOf(z.array(Node)))({ data: [node(1, [node(2, [])])] }));
    expect(tree).toEqual({ data: [{ id: 1, replies: [{ id: 2, replies: [] }] }] });

    const subscribe = compileResponseSerializer(billingApi.subscribe.response);
    const trial = parse(subscribe({ data: subscription })) as { data: Record<string, unknown> };
    expect(trial.data).toEqual(billingApi.subscribe.response.parse({ data: subscription }).data);
    expect(trial.data).not.toHaveProperty('user_id');
    const paying = parse(subscribe({ data: { payment } })) as { data: { payment: Record<string, unknown> } };
    expect(paying.data.payment).not.toHaveProperty('gateway_payload');
    expect(paying.data.payment.next_step).toEqual({
      type: 'form',
      action: 'https://pay.test',
      fields: { a: '1', b: '2' },
    });
    expect(paying.data.payment.plan).toEqual({ id: 1, slug: 'creator', name: 'Creator' });

    const withSubscription = parse(
      compileResponseSerializer(billingApi.payment.response)({ data: { ...payment, next_step: null, subscription } }),
    ) as { data: { subscription: Record<string, unknown>; next_step: unknown } };
    expect(withSubscription.data.next_step).toBeNull();
    expect(withSubscription.data.subscription).not.toHaveProperty('user_id');
    expect(withSubscription.data.subscription.billing_cycle).toBeNull();
  });

  it('refuses an answer missing a field the contract requires, in production too', () => {
    const stringify = responseSerializerCompiler({ check: false })({
      schema: accountsApi.usernameCheck.response,
      method: 'GET',
      url: '/api/accounts/username-check',
    });
    expect(() => stringify({ available: true })).toThrow(/message/);
  });

  it('outside production, refuses an answer of the wrong type that the serializer alone would coerce', () => {
    const route = { schema: accountsApi.usernameCheck.response, method: 'GET', url: '/api/x' };
    const answer = { available: 'yes', message: 'ok' };
    expect(() => responseSerializerCompiler({ check: true })(route)(answer)).toThrow();
    expect(parse(responseSerializerCompiler({ check: false })(route)(answer))).toEqual({
      available: true,
      message: 'ok',
    });
  });
});
