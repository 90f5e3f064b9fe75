import type { Permission } from '@inkwell/contracts';

/** What a route declares about itself; the guard and the document title read it. */
export interface RouteMeta {
  /** i18n key of the page title; the product name when absent. */
  title?: string;
  /** The screen sets the document title itself (the admin area, whose title follows its inner route). */
  ownTitle?: true;
  /** Open to visitors (the spec's "does not require authentication" flag). */
  public?: boolean;
  /** Signed-in people are sent home (welcome). */
  guestOnly?: boolean;
  /**
   * An admin route: `true` admits whoever holds any admin permission, a permission admits whoever holds it;
   * anyone else goes to /accessDenied. Never a role name: roles are edited in the admin area.
   */
  admin?: true | Permission;
}
