import type { AuthContext } from '../../platform/auth/authenticate';
import { forbidden, notFound } from '../../platform/errors';
import { accountAccess, type AccountFacts } from '../accounts';

/**
 * Who may set an account's pins: whoever may post as it (posts.service `create`), its people once it is approved.
 * An account they may not see answers 404 (ids are no oracle); an administrator who is not one of its people,
 * 403: pins are the account's own choice, not moderation.
 */
export function requirePinning(auth: AuthContext, account: AccountFacts | undefined): void {
  const access = account ? accountAccess(auth, account) : undefined;
  if (!access?.visible) throw notFound();
  if (!access.member) throw forbidden('pins.not_your_account');
  if (!access.can_publish) throw forbidden('posts.account_not_approved');
}
