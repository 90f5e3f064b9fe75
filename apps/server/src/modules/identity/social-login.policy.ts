import type { Permission } from '@inkwell/contracts';
import { AppError } from '../../platform/errors';

/**
 * A provider's word never signs in someone who can act as an administrator (root's role holds every
 * permission, so root is one of them): a provider's mistake, or a stolen provider account, would otherwise
 * be an admin takeover. They sign in with their password; connecting a provider from the profile stays
 * allowed (and takes effect as a sign-in only if their role ever loses every permission).
 */
export function requireSocialSignInAllowed(permissions: ReadonlySet<Permission>, provider: string): void {
  if (permissions.size > 0) throw new AppError(403, 'oauth.password_required', { provider });
}
