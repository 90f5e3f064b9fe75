import type {
  AdminReport,
  AdminReportDetail,
  MyReport,
  ParsedBody,
  ParsedQuery,
  PageQuery,
  ReportReceipt,
  ReportSnapshot,
  ReportsSummary,
  reportsApi,
} from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { AppError, conflict, forbidden, notFound, ValidationError } from '../../platform/errors';
import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import { recordAudit } from '../../platform/audit';
import { removeComment } from '../comments';
import { rejectPost } from '../posts';
import { setSuspension } from '../users';
import * as repo from './reports.repo';
import { reportable } from './reports.targets';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/**
 * Reports a target the reporter can see (404 otherwise, as for a missing one). The first report of a target
 * opens its report with a snapshot of it as it is now; later ones (another person's, or mine again) join that
 * open report: mine again updates my reason and words and answers 200 with the same report.
 */
export async function create(
  ctx: AppContext,
  auth: AuthContext,
  body: ParsedBody<typeof reportsApi.create>,
): Promise<{ receipt: ReportReceipt; created: boolean }> {
  const target = await reportable(ctx, auth, body.target_type, body.target_id);
  if (target.author_id === auth.user.id) throw new ValidationError({ target_id: ['reports.own'] });
  return ctx.transaction(async (tx) => {
    let id = await repo.lockOpenReport(tx, body.target_type, body.target_id);
    if (id === undefined) {
      id = await repo.insertReport(tx, {
        type: body.target_type,
        id: body.target_id,
        author_id: target.author_id,
        snapshot: target.snapshot,
      });
      // Opened by another reporter at the same moment: join theirs.
      id ??= await repo.lockOpenReport(tx, body.target_type, body.target_id);
      if (id === undefined) throw conflict('reports.busy');
    }
    const created = await repo.upsertEntry(tx, id, auth.user.id, body.reason, body.comment ?? null);
    return { receipt: { id, status: 'open' }, created };
  });
}

/** What I reported, in a line: its title, the start of its text, or the name on it. */
function labelOf(snapshot: ReportSnapshot): string {
  const text = snapshot.title ?? snapshot.text ?? snapshot.author?.name ?? '';
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export async function mine(ctx: AppContext, auth: AuthContext, query: PageQuery, at: PageAt) {
  const { rows, total } = await repo.mine(ctx.db, auth.user.id, query.per_page, offsetOf(query));
  const items = rows.map((r): MyReport => ({
    id: r.id,
    target_type: r.target_type,
    target_id: r.target_id,
    target_label: labelOf(r.snapshot),
    reason: r.reason,
    comment: r.comment,
    status: r.status,
    created_at: iso(r.created_at)!,
    resolved_at: iso(r.resolved_at),
  }));
  return paged(items, total, query, at);
}

function toAdminReport(r: repo.ReportRow): AdminReport {
  return {
    id: r.id,
    target_type: r.target_type,
    target_id: r.target_id,
    target: r.snapshot,
    status: r.status,
    reasons: r.reasons,
    reporters_count: r.reporters_count,
    action: r.action,
    note: r.note,
    resolved_by:
      r.resolved_by === null
        ? null
        : { id: r.resolved_by, name: r.resolved_by_name ?? '', username: r.resolved_by_username ?? '' },
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    resolved_at: iso(r.resolved_at),
  };
}

export async function list(ctx: AppContext, query: ParsedQuery<typeof reportsApi.list>, at: PageAt) {
  const { rows, total } = await repo.list(
    ctx.db,
    { status: query.status, type: query.target_type },
    query.per_page,
    offsetOf(query),
  );
  return paged(rows.map(toAdminReport), total, query, at);
}

export async function show(ctx: AppContext, id: number): Promise<AdminReportDetail> {
  const row = await repo.byId(ctx.db, id);
  if (!row) throw notFound();
  const [entries, history] = await Promise.all([
    repo.entries(ctx.db, id),
    row.author_id === null ? [] : repo.authorHistory(ctx.db, row.author_id, id),
  ]);
  return {
    ...toAdminReport(row),
    reporters: entries.map((e) => ({
      reporter: { id: e.reporter_id, name: e.name, username: e.username },
      reason: e.reason,
      comment: e.comment,
      created_at: iso(e.created_at)!,
    })),
    author_history: history.map((h) => ({
      id: h.id,
      target_type: h.target_type,
      status: h.status,
      action: h.action,
      reporters_count: h.reporters_count,
      created_at: iso(h.created_at)!,
    })),
    author_suspended: row.author_suspended,
  };
}

export async function summary(ctx: AppContext): Promise<ReportsSummary> {
  const row = await repo.summary(ctx.db);
  return { open_count: row.open_count, oldest_open_at: iso(row.oldest_open_at) };
}

/**
 * Takes the reported thing down through its own module, with that module's rule and audit entry: a post is
 * rejected (its author is told the note, as a rejection always tells), a comment deleted (its author is told
 * by the report's event). People, accounts and messages are not "removed": their author is suspended instead.
 * Already gone counts as done, so a decision interrupted halfway can be made again.
 */
async function takeDown(ctx: AppContext, auth: AuthContext, report: repo.ReportRow, note: string): Promise<void> {
  if (!auth.permissions.has('posts.moderate')) throw forbidden('reports.remove_forbidden');
  try {
    if (report.target_type === 'post') await rejectPost(ctx, auth, report.target_id, note);
    else if (report.target_type === 'comment') await removeComment(ctx, auth, report.target_id);
    else throw new ValidationError({ action: ['reports.cannot_remove'] });
  } catch (err) {
    const gone = err instanceof AppError && (err.status === 404 || err.key === 'posts.already_rejected');
    if (!gone) throw err;
  }
}

/**
 * Decides an open report (409 once decided): dismiss it, take its target down, or suspend its author (with the
 * rights those need: `posts.moderate`, the users' suspension). The decision, its audit entry and the event that
 * tells the reporters (`report_resolved`, never naming what was done to the author) commit together.
 */
export async function resolve(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  body: ParsedBody<typeof reportsApi.resolve>,
): Promise<AdminReportDetail> {
  const report = await repo.byId(ctx.db, id);
  if (!report) throw notFound();
  if (report.status !== 'open') throw conflict('reports.already_decided');
  const note = body.note?.trim() || null;
  if (body.action === 'remove') {
    if (!note) throw new ValidationError({ note: ['reports.note_required'] });
    await takeDown(ctx, auth, report, note);
  }
  if (body.action === 'suspend_author') {
    if (report.author_id === null) throw new ValidationError({ action: ['reports.no_author'] });
    await setSuspension(ctx, auth, report.author_id, true);
  }
  const status = body.action === 'dismiss' ? 'dismissed' : 'resolved';
  await ctx.transaction(async (tx) => {
    const locked = await repo.lockForDecision(tx, id);
    if (!locked) throw notFound();
    if (locked.status !== 'open') throw conflict('reports.already_decided');
    await repo.decide(tx, id, { status, action: body.action, note, by: auth.user.id });
    await recordAudit(tx, auth, {
      action: `reports.${body.action}`,
      subject_type: 'report',
      subject_id: id,
      before: { status: 'open' },
      after: { status, action: body.action, note },
    });
    ctx.events.publish(tx, {
      type: 'report.resolved',
      actor_id: auth.user.id,
      report_id: id,
      status,
      action: body.action,
      target_type: report.target_type,
      target_id: report.target_id,
      author_id: report.author_id,
      note,
    });
  });
  return show(ctx, id);
}
