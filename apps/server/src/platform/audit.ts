import type { AuditSubjectType } from '@inkwell/contracts';
import { auditLog } from '../db/schema';
import type { Db, Tx } from '../db/connect';
import type { AuthContext } from './auth/authenticate';

export interface AuditEntry {
  /** `<permission or feature>.<verb>`: `users.role`, `accounts.edit`, `posts.reject`, `plans.delete`, … */
  action: string;
  subject_type: AuditSubjectType;
  subject_id: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records an administrator's change. Call it inside the transaction that makes the change, so the change and
 * its entry commit together. Only the fields that differ are kept (both sides), unless nothing differs.
 */
export async function recordAudit(db: Db | Tx, auth: AuthContext, entry: AuditEntry): Promise<void> {
  const [before, after] = changedFields(entry.before ?? null, entry.after ?? null);
  await db.insert(auditLog).values({
    actor_id: auth.user.id,
    action: entry.action,
    subject_type: entry.subject_type,
    subject_id: entry.subject_id,
    before,
    after,
  });
}

export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): [Record<string, unknown> | null, Record<string, unknown> | null] {
  if (!before || !after) return [before, after];
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (keys.length === 0) return [before, after];
  return [
    Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    Object.fromEntries(keys.map((k) => [k, after[k]])),
  ];
}
