import { forbidden } from '../../platform/errors';
import type { RoomFacts } from './chats.repo';

/**
 * Who may read and write in a chat room: its members, and the owners of the room's creator account (who
 * speak as the account). Nobody else, administrators included: private conversations are not moderated by
 * reading them.
 */
export interface RoomAccess {
  /** Read the messages, post, and subscribe to the room's channel. */
  allowed: boolean;
  /** Speaks as the room's account. */
  as_account: boolean;
  /** An owner of the account who has no membership row yet (became owner after the room began). */
  must_join: boolean;
}

export function roomAccess(facts: RoomFacts | undefined): RoomAccess {
  if (!facts) return { allowed: false, as_account: false, must_join: false };
  return {
    allowed: facts.member || facts.account_owner,
    as_account: facts.member ? facts.as_account : facts.account_owner,
    must_join: facts.account_owner && !facts.member,
  };
}

/**
 * 403 for a room one may not enter, and the same 403 for a room that does not exist: a stranger cannot tell
 * the two apart, so room ids are no oracle.
 */
export function requireRoom(access: RoomAccess): void {
  if (!access.allowed) throw forbidden();
}
