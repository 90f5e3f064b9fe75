import type { Account } from '@inkwell/contracts';
import { LazyDialog } from './LazyDialog';
import { MembershipSection } from './MembershipSection';
import { useMembershipMessages } from './messages';

export { loadMembershipMessages } from './messages';

/** Which part of the account page to draw, and what it needs. */
export type MembershipPartProps =
  /** The tiers with Join and Renew, and the dialogs a link asks for (after signing in, back from a wallet). */
  | { part: 'section'; account: Account; own: boolean }
  /** The Support button's dialog. */
  | { part: 'tip'; account: Account; onClose: () => void };

/** Everything the door (Lazy.tsx) opens, behind one import: one list of files to load there, not one per part. */
export function MembershipPart(props: MembershipPartProps) {
  if (!useMembershipMessages()) return null;
  switch (props.part) {
    case 'section':
      return <MembershipSection account={props.account} own={props.own} />;
    case 'tip':
      return <LazyDialog dialog="tip" account={props.account} onClose={props.onClose} />;
  }
}
