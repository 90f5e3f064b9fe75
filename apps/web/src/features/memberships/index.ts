/* The memberships feature's door: the account page's tiers and Support button, each loading its parts and
 * messages when first drawn. The tier editor and My memberships load with their routes (MembershipPages.ts). Queries:
 * api.ts. */
export { Memberships, SupportButton } from './Lazy';
