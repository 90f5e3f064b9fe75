import { CURRENCY, type Locale, type ParsedBody, type Payment, type membershipsApi } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { ValidationError } from '../../platform/errors';
import { accountAccess, findAccount } from '../accounts';
import { startCheckout, type Gateways } from '../billing';
import { refuseIfBlockedWith } from '../safety';
import { requirePayable } from './memberships.policy';
import * as repo from './memberships.repo';

/**
 * Support a creator: a one-off payment in kyat to a public account (not one's own), optionally on one of its
 * public posts, with words for the creator. The ledger books it when its signed callback arrives.
 */
export async function tip(
  ctx: AppContext,
  gateways: Gateways,
  auth: AuthContext,
  body: ParsedBody<typeof membershipsApi.tip>,
  locale: Locale,
): Promise<Payment> {
  const account = await findAccount(ctx.db, body.account_id, auth.user.id);
  if (!account) throw new ValidationError({ account_id: ['validation.in'] });
  requirePayable(accountAccess(auth, account));
  if (body.post_id !== null && !(await repo.publicPostOf(ctx.db, body.post_id, body.account_id)))
    throw new ValidationError({ post_id: ['validation.in'] });
  await refuseIfBlockedWith(ctx.db, auth.user.id, { accountId: body.account_id });
  return startCheckout(
    ctx,
    gateways,
    auth,
    {
      purpose: 'tip',
      account_id: body.account_id,
      post_id: body.post_id,
      message: body.message,
      billing_cycle: 'monthly',
      provider: body.payment_provider,
      amount: body.amount,
      currency: CURRENCY,
      title: `Inkwell: support ${account.name}`,
      returnPath: `/a/${account.username}`,
    },
    locale,
  );
}
