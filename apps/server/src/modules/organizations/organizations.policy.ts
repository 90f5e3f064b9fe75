import type { ApprovedStatus, PublishedStatus } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';

/** Who may see and act on an organization: its `can_modify` and who may open creator accounts in it. */
export interface OrganizationFacts {
  user_id: number;
  approved_status: ApprovedStatus;
  published_status: PublishedStatus;
}

export interface OrganizationAccess {
  /** Anyone may see it: approved and published. */
  public: boolean;
  /** Public, its owner's, or an administrator with `organizations.view`. */
  visible: boolean;
  owner: boolean;
  /**
   * Edit it (`PUT /organizations/{id}`, which also decides its approval): administrators with
   * `organizations.edit`. Its owner opens accounts in it but does not edit it (the spec has no such screen).
   */
  can_modify: boolean;
  /** Open a creator account in it: its owner only (the account's people are whoever opens it). */
  can_add_account: boolean;
}

export function organizationAccess(auth: AuthContext | null, organization: OrganizationFacts): OrganizationAccess {
  const isPublic = organization.approved_status === 'approved' && organization.published_status === 'published';
  const owner = Boolean(auth && auth.user.id === organization.user_id);
  const visible = isPublic || owner || Boolean(auth?.permissions.has('organizations.view'));
  return {
    public: isPublic,
    visible,
    owner,
    can_modify: visible && Boolean(auth?.permissions.has('organizations.edit')),
    can_add_account: owner,
  };
}
