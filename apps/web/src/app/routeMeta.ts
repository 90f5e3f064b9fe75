/** What a route declares about itself; the guard and the document title read it. */
export interface RouteMeta {
  /** i18n key of the page title; the product name when absent. */
  title?: string;
  /** Open to visitors (the spec's "does not require authentication" flag). */
  public?: boolean;
  /** Signed-in people are sent home (welcome). */
  guestOnly?: boolean;
  /** Admin or root only; anyone else goes to /accessDenied. */
  admin?: boolean;
}
