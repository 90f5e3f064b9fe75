import type { AccountAccess } from '../accounts';
import type { AuthContext } from '../../platform/auth/authenticate';
import { forbidden, notFound } from '../../platform/errors';

/**
 * Who may define an account's tiers: its people (owners and editors: they run its offer together), and an
 * administrator who may edit accounts. Anyone else who can see the account gets 403; who cannot, 404.
 */
export const mayManageTiers = (auth: AuthContext | null, access: AccountAccess): boolean =>
  access.visible && (access.member || Boolean(auth?.permissions.has('accounts.edit')));

export function requireManageTiers(auth: AuthContext, access: AccountAccess): void {
  if (!access.visible) throw notFound();
  if (!mayManageTiers(auth, access)) throw forbidden();
}

/**
 * Who may pay an account (join a tier, tip): anyone signed in who may see it while it is public, except its own
 * people (an owner paying themselves would only move the platform's fee).
 */
export function requirePayable(access: AccountAccess): void {
  if (!access.public) throw notFound();
  if (access.member) throw forbidden('memberships.own_account');
}
