import type { AuthContext } from '../../platform/auth/authenticate';

/** Who may do what with starter packs (they are public: anyone may read one). */

/** Its maker, or an administrator with `discovery.manage`. */
export const mayModifyPack = (auth: AuthContext | null, pack: { user_id: number }): boolean =>
  Boolean(auth && (pack.user_id === auth.user.id || auth.permissions.has('discovery.manage')));

/** A creator (someone who works on a creator account), or an administrator with `discovery.manage`. */
export const mayMakePacks = (auth: AuthContext, isCreator: boolean): boolean =>
  isCreator || auth.permissions.has('discovery.manage');
