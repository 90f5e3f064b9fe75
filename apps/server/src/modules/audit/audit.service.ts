import type { AuditEntryItem, ParsedQuery, auditApi } from '@inkwell/contracts';
import type { AppContext } from '../../platform/context';
import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import * as repo from './audit.repo';

/** The admin area's changes, newest first, optionally about one kind of subject or by one person. */
export async function list(ctx: AppContext, query: ParsedQuery<typeof auditApi.list>, at: PageAt) {
  const { rows, total } = await repo.listEntries(
    ctx.db,
    { subject_type: query.subject_type, actor_id: query.actor_id },
    query.per_page,
    offsetOf(query),
  );
  const items = rows.map((r): AuditEntryItem => ({
    id: r.id,
    action: r.action,
    subject_type: r.subject_type,
    subject_id: r.subject_id,
    actor: r.actor_id !== null ? { id: r.actor_id, name: r.actor_name ?? '', username: r.actor_username ?? '' } : null,
    before: r.before ?? null,
    after: r.after ?? null,
    created_at: r.created_at.toISOString(),
  }));
  return paged(items, total, query, at);
}
