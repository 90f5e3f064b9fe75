import type { AuditSubjectType } from '@inkwell/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { auditLog, users } from '../../db/schema';

export interface AuditFilter {
  subject_type?: AuditSubjectType;
  actor_id?: number;
}

const where = (f: AuditFilter) =>
  and(
    f.subject_type ? eq(auditLog.subject_type, f.subject_type) : undefined,
    f.actor_id ? eq(auditLog.actor_id, f.actor_id) : undefined,
  );

/** One page of entries, newest first, with their actors; and how many match. */
export async function listEntries(db: Db, filter: AuditFilter, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        subject_type: auditLog.subject_type,
        subject_id: auditLog.subject_id,
        before: auditLog.before,
        after: auditLog.after,
        created_at: auditLog.created_at,
        actor_id: users.id,
        actor_name: users.name,
        actor_username: users.username,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actor_id))
      .where(where(filter))
      .orderBy(desc(auditLog.created_at), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where(filter)),
  ]);
  return { rows, total: count?.n ?? 0 };
}
