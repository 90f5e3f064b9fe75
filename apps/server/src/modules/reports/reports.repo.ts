import type { ReportAction, ReportReason, ReportSnapshot, ReportStatus, ReportTargetType } from '@inkwell/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';

type Conn = Db | Tx;

/** The open report of a target, locked until the transaction ends (a second reporter waits for the first). */
export async function lockOpenReport(tx: Tx, type: ReportTargetType, id: number): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    tx as Db,
    sql`select id from reports where target_type = ${type} and target_id = ${id} and status = 'open' for update`,
  );
  return row?.id;
}

/**
 * Opens the target's report with its snapshot; answers its id, or undefined when another transaction opened
 * it first (the partial unique index: one open report per target).
 */
export async function insertReport(
  tx: Tx,
  values: { type: ReportTargetType; id: number; author_id: number | null; snapshot: ReportSnapshot },
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    tx as Db,
    sql`insert into reports (target_type, target_id, author_id, snapshot)
        values (${values.type}, ${values.id}, ${values.author_id}, ${JSON.stringify(values.snapshot)}::jsonb)
        on conflict (target_type, target_id) where status = 'open' do nothing
        returning id`,
  );
  return row?.id;
}

/**
 * My reason and words on the report: a new row counts one more reporter, an existing one is updated. Answers
 * whether the row is new.
 */
export async function upsertEntry(
  tx: Tx,
  reportId: number,
  reporterId: number,
  reason: ReportReason,
  comment: string | null,
): Promise<boolean> {
  const [row] = await queryRows<{ inserted: boolean }>(
    tx as Db,
    sql`with entry as (
          insert into report_entries (report_id, reporter_id, reason, comment)
          values (${reportId}, ${reporterId}, ${reason}, ${comment})
          on conflict (report_id, reporter_id)
            do update set reason = excluded.reason, comment = excluded.comment, updated_at = now()
          returning (xmax = 0) as inserted
        ),
        bumped as (
          update reports r set
            reporters_count = r.reporters_count + (select case when inserted then 1 else 0 end from entry),
            updated_at = now()
          where r.id = ${reportId}
        )
        select inserted from entry`,
  );
  return Boolean(row?.inserted);
}

export interface MyReportRow {
  id: number;
  target_type: ReportTargetType;
  target_id: number;
  snapshot: ReportSnapshot;
  reason: ReportReason;
  comment: string | null;
  status: ReportStatus;
  created_at: Date;
  resolved_at: Date | null;
}

/** A reporter's reports, newest first (their own entries' index), with the total. */
export async function mine(db: Db, reporterId: number, limit: number, offset: number) {
  const rows = await queryRows<MyReportRow>(
    db,
    sql`select r.id, r.target_type, r.target_id, r.snapshot, e.reason, e.comment, r.status, e.created_at, r.resolved_at
        from report_entries e join reports r on r.id = e.report_id
        where e.reporter_id = ${reporterId}
        order by e.created_at desc, r.id desc
        limit ${limit} offset ${offset}`,
  );
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from report_entries where reporter_id = ${reporterId}`,
  );
  return { rows, total: count?.total ?? 0 };
}

export interface ReportRow {
  id: number;
  target_type: ReportTargetType;
  target_id: number;
  author_id: number | null;
  snapshot: ReportSnapshot;
  status: ReportStatus;
  reporters_count: number;
  action: ReportAction | null;
  note: string | null;
  resolved_by: number | null;
  resolved_by_name: string | null;
  resolved_by_username: string | null;
  created_at: Date;
  updated_at: Date;
  resolved_at: Date | null;
  /** The answerable person is suspended now. */
  author_suspended: boolean;
  /** Every reason given with how many gave it, most given first. */
  reasons: { reason: ReportReason; count: number }[];
}

/** The report's columns, its resolver's name and its reasons in one aggregate per row (no query per row). */
const reportSelect = sql`select r.id, r.target_type, r.target_id, r.author_id, r.snapshot, r.status,
    r.reporters_count, r.action, r.note, r.resolved_by, m.name as resolved_by_name,
    m.username as resolved_by_username, r.created_at, r.updated_at, r.resolved_at,
    coalesce((select a.suspended_at is not null from users a where a.id = r.author_id), false) as author_suspended,
    coalesce((select json_agg(json_build_object('reason', g.reason, 'count', g.count) order by g.count desc, g.reason)
      from (select e.reason, count(*)::int as count from report_entries e where e.report_id = r.id group by e.reason) g),
      '[]'::json) as reasons
  from reports r left join users m on m.id = r.resolved_by`;

/** The queue: reports in a status (the oldest open first; the latest decided first), optionally of one type. */
export async function list(
  db: Db,
  filter: { status: ReportStatus; type?: ReportTargetType },
  limit: number,
  offset: number,
) {
  const where: SQL = filter.type
    ? sql`r.status = ${filter.status} and r.target_type = ${filter.type}`
    : sql`r.status = ${filter.status}`;
  const order = filter.status === 'open' ? sql`r.created_at, r.id` : sql`r.resolved_at desc, r.id desc`;
  const rows = await queryRows<ReportRow>(
    db,
    sql`${reportSelect} where ${where} order by ${order} limit ${limit} offset ${offset}`,
  );
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from reports r where ${where}`,
  );
  return { rows, total: count?.total ?? 0 };
}

export async function byId(db: Conn, id: number): Promise<ReportRow | undefined> {
  const [row] = await queryRows<ReportRow>(db as Db, sql`${reportSelect} where r.id = ${id}`);
  return row;
}

export interface EntryRow {
  reporter_id: number;
  name: string;
  username: string;
  reason: ReportReason;
  comment: string | null;
  created_at: Date;
}

export function entries(db: Db, reportId: number): Promise<EntryRow[]> {
  return queryRows<EntryRow>(
    db,
    sql`select e.reporter_id, u.name, u.username, e.reason, e.comment, e.created_at
        from report_entries e join users u on u.id = e.reporter_id
        where e.report_id = ${reportId} order by e.created_at, e.reporter_id`,
  );
}

/** Every reporter of a report: who hears its outcome. */
export async function reporterIds(db: Conn, reportId: number): Promise<number[]> {
  const rows = await queryRows<{ reporter_id: number }>(
    db as Db,
    sql`select reporter_id from report_entries where report_id = ${reportId}`,
  );
  return rows.map((r) => r.reporter_id);
}

export interface HistoryRow {
  id: number;
  target_type: ReportTargetType;
  status: ReportStatus;
  action: ReportAction | null;
  reporters_count: number;
  created_at: Date;
}

/** The author's other reports, newest first (the last 20: enough to see a pattern). */
export async function authorHistory(db: Db, authorId: number, exceptId: number): Promise<HistoryRow[]> {
  return queryRows<HistoryRow>(
    db,
    sql`select id, target_type, status, action, reporters_count, created_at from reports
        where author_id = ${authorId} and id <> ${exceptId}
        order by created_at desc, id desc limit 20`,
  );
}

/** Locks an open report for its decision; undefined when it is missing or decided already. */
export async function lockForDecision(tx: Tx, id: number): Promise<{ status: ReportStatus } | undefined> {
  const [row] = await queryRows<{ status: ReportStatus }>(
    tx as Db,
    sql`select status from reports where id = ${id} for update`,
  );
  return row;
}

export async function decide(
  tx: Tx,
  id: number,
  values: { status: ReportStatus; action: ReportAction; note: string | null; by: number },
): Promise<void> {
  await queryRows(
    tx as Db,
    sql`update reports set status = ${values.status}, action = ${values.action}, note = ${values.note},
          resolved_by = ${values.by}, resolved_at = now(), updated_at = now()
        where id = ${id}`,
  );
}

export async function summary(db: Db): Promise<{ open_count: number; oldest_open_at: Date | null }> {
  const [row] = await queryRows<{ open_count: number; oldest_open_at: Date | null }>(
    db,
    sql`select count(*)::int as open_count, min(created_at) as oldest_open_at from reports where status = 'open'`,
  );
  return row ?? { open_count: 0, oldest_open_at: null };
}
