import type { BlockTarget } from './api';
import { BlockDialog } from './BlockDialog';
import { useSafetyMessages } from './messages';
import { PostNotice } from './PostNotice';
import { SafetySheet } from './SafetySheet';
import { SafetyState } from './SafetyState';
import type { SafetySubject } from './subject';

export { loadSafetyMessages } from './messages';
export { muteWithUndo } from './mute';

/** Which part to draw, and what it needs. */
export type SafetyPartProps =
  /** Asks before blocking (a comment's writer, a chat's other side). */
  | { part: 'block'; target: BlockTarget; onClose: () => void }
  /** A person's or an account's menu: report, block or unblock, mute or unmute. */
  | { part: 'menu'; subject: SafetySubject; onClose: () => void }
  /** On their page: that I blocked them or muted it, with the way back. */
  | { part: 'state'; subject: SafetySubject }
  /** Above a post opened by link that I blocked or muted: why my feeds leave it out. */
  | { part: 'notice'; post: { is_blocked: boolean; is_muted: boolean } };

/** Everything the door (Lazy.tsx) opens, behind one import: one list of files to preload there, not one per part. */
export function SafetyPart(props: SafetyPartProps) {
  if (!useSafetyMessages()) return null;
  switch (props.part) {
    case 'block':
      return <BlockDialog target={props.target} onClose={props.onClose} />;
    case 'menu':
      return <SafetySheet subject={props.subject} onClose={props.onClose} />;
    case 'state':
      return <SafetyState subject={props.subject} />;
    case 'notice':
      return <PostNotice post={props.post} />;
  }
}
