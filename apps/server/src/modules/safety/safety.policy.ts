import type { AuthContext } from '../../platform/auth/authenticate';
import { ValidationError } from '../../platform/errors';
import type { AccountAccess } from '../accounts';

/** Nobody blocks themselves (nor an account of their own: they would be blocking themselves). */
export function mayBlock(auth: AuthContext, people: number[]): void {
  if (people.includes(auth.user.id)) throw new ValidationError({ id: ['safety.self'] });
}

/** Muting an account I run would hide my own posts from me. */
export function mayMute(access: AccountAccess): void {
  if (access.member) throw new ValidationError({ id: ['safety.self'] });
}
