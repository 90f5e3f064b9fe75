import type { Db, Tx } from '../../db/connect';
import { forbidden } from '../../platform/errors';
import type { MessageKey } from '../../platform/i18n';
import * as repo from './safety.repo';

/**
 * 403 when `me` is in a block, either way, with an owner of the account or with one of `people` (a post's
 * writer, a comment's, a chat's other side): whoever runs or wrote what I act on may not be reached by me, nor I
 * by them. The message never says who blocked whom (the blocked are not told).
 */
export async function refuseIfBlockedWith(
  db: Db | Tx,
  me: number,
  target: { accountId?: number | null; people?: (number | null)[] },
  key: MessageKey = 'safety.blocked',
): Promise<void> {
  const people = (target.people ?? []).filter((id): id is number => id !== null && id !== me);
  if (await repo.blockedWithTarget(db, me, target.accountId ?? null, people)) throw forbidden(key);
}

export const iBlockedAny = repo.iBlockedAny;
