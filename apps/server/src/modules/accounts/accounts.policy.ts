import type { ApprovedStatus, PublishedStatus } from '@inkwell/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import type { AuthContext } from '../../platform/auth/authenticate';
import { forbidden, notFound } from '../../platform/errors';

/**
 * Who may see and act on a creator account: the one rule behind the account's `can_modify`/`can_delete`, the
 * 404/403 of its actions, the posts list of an account, following and posting or commenting as it.
 */
export interface AccountFacts {
  approved_status: ApprovedStatus;
  published_status: PublishedStatus;
  /** The viewer's role on the account (`owner`, `editor`), null when they are not one of its people. */
  member_role: string | null;
}

export interface AccountAccess {
  /** Anyone may see it: approved and published. */
  public: boolean;
  /** The viewer may see it: public, one of its people, or an administrator with `accounts.view`. */
  visible: boolean;
  member: boolean;
  owner: boolean;
  /** Edit it: its owner, or an administrator with `accounts.update`. */
  can_modify: boolean;
  /** Delete it: its owner, or an administrator with `accounts.delete`. */
  can_delete: boolean;
  /** Post and comment as it: one of its people, once it is approved. */
  can_publish: boolean;
  /**
   * Read its insights (likes and followers per day): its owners, and administrators with `insights.view`.
   * Its editors write for it but do not read its figures, like any other reader.
   */
  can_view_insights: boolean;
}

export const isPublicAccount = (a: Pick<AccountFacts, 'approved_status' | 'published_status'>): boolean =>
  a.approved_status === 'approved' && a.published_status === 'published';

export function accountAccess(auth: AuthContext | null, account: AccountFacts): AccountAccess {
  const isPublic = isPublicAccount(account);
  const member = Boolean(auth && account.member_role);
  const owner = member && account.member_role === 'owner';
  const may = (permission: 'accounts.view' | 'accounts.edit' | 'insights.view') =>
    Boolean(auth?.permissions.has(permission));
  const visible = isPublic || member || may('accounts.view');
  return {
    public: isPublic,
    visible,
    member,
    owner,
    can_modify: visible && (owner || may('accounts.edit')),
    can_delete: visible && (owner || may('accounts.edit')),
    can_publish: member && account.approved_status === 'approved',
    can_view_insights: visible && (owner || may('insights.view')),
  };
}

/** The action's answer from the same rule: 404 to whoever may not see the account (ids are no oracle), else 403. */
export function requireAccount(access: AccountAccess, action: 'can_modify' | 'can_delete' | 'can_view_insights'): void {
  if (!access.visible) throw notFound();
  if (!access[action]) throw forbidden();
}

/** "Anyone may see it" as a drizzle condition on `accounts` (reads `accounts_explore_idx` and the like). */
export const publicAccount = and(eq(accounts.approved_status, 'approved'), eq(accounts.published_status, 'published'));

/**
 * "Anyone may see it" as SQL over an accounts row under `alias`, for lists that filter in the database (explore,
 * search, the followed feed's total). Posts carry the same rule in `posts.visible`, kept with the account's status.
 */
export const publicAccountSql = (alias: string): SQL =>
  sql.raw(`${alias}.approved_status = 'approved' and ${alias}.published_status = 'published'`);
