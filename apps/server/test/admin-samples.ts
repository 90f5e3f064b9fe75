import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import {
  organizations,
  packs,
  payments,
  payouts,
  permissions,
  plans,
  posts,
  reports,
  roles,
  users,
} from '../src/db/schema';
import { createCreatorAccount, createUser } from './factories';
import type { TestServer } from './harness';
import type { Cast } from './policy-table';

/** One request to an admin endpoint that succeeds for whoever holds its permission. */
export interface Sample {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart form (the post import). */
  form?: Record<string, string | Blob>;
}

let n = 0;
const fresh = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

/** A payout waiting for a decision, and a reader's paid tip to the account (what a refund acts on). */
function moneyRows(db: TestServer['ctx']['db'], accountId: number) {
  const newPayout = async () => {
    const [row] = await db
      .insert(payouts)
      .values({ account_id: accountId, amount: 10000, provider: 'kbzpay', wallet_number: '09781234567' })
      .returning();
    return row!;
  };
  const newPaidTip = async () => {
    const payer = await createUser(db);
    const [row] = await db
      .insert(payments)
      .values({
        user_id: payer.id,
        purpose: 'tip',
        account_id: accountId,
        billing_cycle: 'monthly',
        provider: 'kbzpay',
        order_id: `INK_MATRIX_${fresh()}`,
        amount: 3000,
        status: 'paid',
        expires_at: new Date(),
      })
      .returning();
    return row!;
  };
  return { newPayout, newPaidTip };
}

/**
 * Rows the admin endpoints act on. Reads share them; each change gets rows of its own (`new*`), because the
 * matrix sends every change twice (the permission's holder, then root) and a second reject or delete of the
 * same row would rightly be refused.
 */
export async function adminFixture(s: TestServer, cast: Cast) {
  const db = s.ctx.db;
  const owner = cast.people.owner.user!;
  const account = await createCreatorAccount(db, owner.id);
  const newPost = async () => {
    const slug = `matrix-${fresh()}`;
    const [row] = await db
      .insert(posts)
      .values({ account_id: account.id, author_id: owner.id, type: 'status', slug, content: 'A status for the matrix' })
      .returning();
    await db.execute(sql`update counters set value = value + 1 where key = 'posts.visible'`);
    return row!;
  };
  const post = await newPost();
  const [userRole] = await db
    .select()
    .from(roles)
    .where(sql`${roles.name} = 'user'`);
  const newPermission = async () => {
    const [row] = await db
      .insert(permissions)
      .values({ name: `matrix.p_${fresh()}` })
      .returning();
    return row!;
  };
  const newUser = () => createUser(db);
  const newSuspendedUser = async () => {
    const user = await createUser(db);
    await db.update(users).set({ suspended_at: new Date() }).where(eq(users.id, user.id));
    return user;
  };
  const newRejectedPost = async () => {
    const row = await newPost();
    await db
      .update(posts)
      .set({ status: 'rejected', visible: false, rejected_reason: 'Spam', rejected_at: new Date() })
      .where(eq(posts.id, row.id));
    await db.execute(sql`update counters set value = value - 1 where key = 'posts.visible'`);
    return row;
  };
  const [seeded] = await db.select().from(plans).where(eq(plans.slug, 'creator'));
  const planBody = () => ({
    slug: `matrix-${fresh()}`.slice(0, 40),
    name: 'Matrix plan',
    description: 'A plan made by the access matrix',
    monthly_price: 1000,
    yearly_price: 10000,
    trial_period_days: 0,
    features: seeded!.features,
  });
  const newPlan = async () => {
    const [row] = await db.insert(plans).values(planBody()).returning();
    return row!;
  };
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, account.organization_id));
  const newRole = async () => {
    const [row] = await db
      .insert(roles)
      .values({ name: `matrix_${fresh()}` })
      .returning();
    return row!;
  };
  /** An open report of a person of its own (one open report per target). */
  const newReport = async () => {
    const person = await createUser(db);
    const snapshot = { title: person.name, text: null, media: [], author: null, url: `/u/${person.id}` };
    const [row] = await db
      .insert(reports)
      .values({ target_type: 'user', target_id: person.id, author_id: person.id, snapshot, reporters_count: 1 })
      .returning();
    return row!;
  };
  const report = await newReport();
  const [pack] = await db.insert(packs).values({ user_id: owner.id, name: 'Matrix pack' }).returning();
  return {
    pack: pack!,
    ...moneyRows(db, account.id),
    s,
    cast,
    owner,
    report,
    newReport,
    account,
    organization: organization!,
    post,
    newPost,
    newRejectedPost,
    userRole: userRole!,
    newRole,
    newPermission,
    newUser,
    newSuspendedUser,
    planBody,
    newPlan,
  };
}

export type AdminFixture = Awaited<ReturnType<typeof adminFixture>>;

/** Keyed `METHOD /path` exactly as in the contract. */
export const SAMPLES: Record<string, (fx: AdminFixture) => Promise<Sample> | Sample> = {
  'GET /insights/users/total': () => ({}),
  'GET /insights/total': () => ({}),
  'GET /insights/posts/daily': () => ({}),
  'GET /insights/posts/monthly': () => ({}),
  'GET /audit': () => ({}),
  'GET /users/:id/edit': (fx) => ({ params: { id: fx.owner.id } }),
  'PUT /users/:id/role': async (fx) => ({ params: { id: (await fx.newUser()).id }, body: { role_id: fx.userRole.id } }),
  'POST /users/:id/suspend': async (fx) => ({ params: { id: (await fx.newUser()).id } }),
  'POST /users/:id/reinstate': async (fx) => ({ params: { id: (await fx.newSuspendedUser()).id } }),
  'GET /users/:id/accounts': (fx) => ({ params: { id: fx.owner.id } }),
  'GET /organizations': () => ({ query: { status: 'pending' } }),
  'GET /organizations/:id/edit': (fx) => ({ params: { id: fx.organization.id } }),
  'PUT /organizations/:id': (fx) => ({
    params: { id: fx.organization.id },
    body: {
      name: fx.organization.name,
      username: fx.organization.username,
      description: fx.organization.description,
      url: fx.organization.url ?? '',
      approved_status: 'approved',
      published_status: 'published',
    },
  }),
  'GET /accounts': () => ({ query: { status: 'pending' } }),
  'GET /accounts/:id/edit': (fx) => ({ params: { id: fx.account.id } }),
  'GET /accounts/:id/organization': (fx) => ({ params: { id: fx.account.id } }),
  'GET /accounts/:id/users': (fx) => ({ params: { id: fx.account.id } }),
  'GET /posts': () => ({ query: { type: 'status' } }),
  'POST /posts/:id/reject': async (fx) => ({
    params: { id: (await fx.newPost()).id },
    body: { reason: 'Breaks the rules' },
  }),
  'POST /posts/:id/restore': async (fx) => ({ params: { id: (await fx.newRejectedPost()).id } }),
  'POST /posts/import': (fx) => ({
    form: {
      type: 'status',
      user_id: String(fx.owner.id),
      account_id: String(fx.account.id),
      file: new Blob([JSON.stringify([{ content: 'Imported by the access matrix' }])], { type: 'application/json' }),
    },
  }),
  'POST /roles': () => ({ body: { name: `matrix_${fresh()}` } }),
  'GET /roles/:id/permissions': (fx) => ({ params: { id: fx.userRole.id } }),
  'POST /roles/:id/permissions': async (fx) => ({ params: { id: (await fx.newRole()).id }, body: { permissions: [] } }),
  'POST /permissions': () => ({ body: { name: `matrix.created_${fresh()}` } }),
  'PUT /permissions/:id': async (fx) => ({
    params: { id: (await fx.newPermission()).id },
    body: { name: `matrix.renamed_${fresh()}` },
  }),
  'DELETE /permissions/:id': async (fx) => ({ params: { id: (await fx.newPermission()).id } }),
  'GET /plans/manage': () => ({}),
  'POST /plans': (fx) => ({ body: fx.planBody() }),
  'GET /plans/:id/edit': async (fx) => ({ params: { id: (await fx.newPlan()).id } }),
  'PUT /plans/:id': async (fx) => ({ params: { id: (await fx.newPlan()).id }, body: fx.planBody() }),
  'DELETE /plans/:id': async (fx) => ({ params: { id: (await fx.newPlan()).id } }),
  'GET /subscriptions': () => ({}),
  'GET /admin/reports': () => ({ query: { status: 'open' } }),
  'GET /admin/reports/summary': () => ({}),
  'GET /admin/reports/:id': (fx) => ({ params: { id: fx.report.id } }),
  'POST /admin/reports/:id/resolve': async (fx) => ({
    params: { id: (await fx.newReport()).id },
    body: { action: 'dismiss' },
  }),
  'GET /payouts': () => ({ query: { status: 'requested' } }),
  'POST /payouts/:id/paid': async (fx) => ({ params: { id: (await fx.newPayout()).id }, body: { reference: 'KBZ-1' } }),
  'POST /payouts/:id/reject': async (fx) => ({ params: { id: (await fx.newPayout()).id }, body: { reason: 'No' } }),
  'GET /payments': () => ({ query: { status: 'paid' } }),
  'PUT /accounts/:id/featured': (fx) => ({ params: { id: fx.account.id }, body: { featured: true } }),
  'PUT /packs/:id/featured': (fx) => ({ params: { id: fx.pack.id }, body: { featured: true } }),
  'POST /payments/:id/refund': async (fx) => ({
    params: { id: (await fx.newPaidTip()).id },
    body: { reason: 'Twice' },
  }),
};
