import { billingApi, membershipsApi, type Payment } from '@inkwell/contracts';
import { expect } from 'vitest';
import type { TestServer } from './harness';
import { waitUntil } from './wait-for';

type Person = { token: string };

/** The payer approves their payment in the sandbox checkout (its signed callback comes back through notify). */
export async function approvePayment(s: TestServer, payer: Person, payment: Pick<Payment, 'id'>): Promise<void> {
  const res = await s.call(billingApi.sandboxDecision, {
    token: payer.token,
    params: { id: payment.id },
    body: { decision: 'approve' },
  });
  expect(res.body.data.status).toBe('paid');
}

/** `person` joins the tier for a month through the sandbox and waits until the pass is active. */
export async function joinTier(s: TestServer, person: Person, tierId: number): Promise<void> {
  const joined = await s.call(membershipsApi.join, {
    token: person.token,
    params: { id: tierId },
    body: { billing_cycle: 'monthly', payment_provider: 'kbzpay' },
  });
  await approvePayment(s, person, joined.body.data.payment);
  await waitUntil(async () =>
    (await s.call(membershipsApi.memberships, { token: person.token })).body.data.some((m) => m.status === 'active')
      ? true
      : undefined,
  );
}
