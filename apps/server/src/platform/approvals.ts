import type { ApprovedStatus } from '@inkwell/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Tx } from '../db/connect';
import { isUniqueViolation } from '../db/errors';
import type { accounts, organizations } from '../db/schema';
import { ValidationError } from './errors';

/*
 * What organizations and creator accounts share: a username unique among their kind, an approval an
 * administrator gives (or the configuration gives at once), and the admin table that filters by both.
 */

type Approvable = typeof organizations | typeof accounts;

/** A new organization's or account's approval: at once when `ACCOUNT_APPROVAL=auto`, else an administrator's. */
export const initialApproval = (config: Config): ApprovedStatus =>
  config.accountApproval === 'auto' ? 'approved' : 'pending';

const usernameTakenError = () => new ValidationError({ username: ['validation.username_taken'] });

/**
 * Writes a row whose username must be unique among its kind: a taken username answers 422 before the write,
 * and so does the unique index when two people race for the same one meanwhile.
 */
export async function withUniqueUsername<T>(taken: () => Promise<boolean>, write: () => Promise<T>): Promise<T> {
  if (await taken()) throw usernameTakenError();
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTakenError();
    throw err;
  }
}

/** Whether another row of `table` (not `exceptId`) has this username, whatever its case. */
export async function usernameTakenIn(
  db: Db | Tx,
  table: Approvable,
  username: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        sql`lower(${table.username}) = ${username.toLowerCase()}`,
        exceptId ? sql`${table.id} <> ${exceptId}` : undefined,
      ),
    );
  return Boolean(row);
}

/** The admin table's filters: an approval status, words in the name or username. */
export interface ApprovalFilter {
  status?: ApprovedStatus;
  q?: string;
}

/** `%words%` for ILIKE, with the pattern characters in the words taken literally. */
const containing = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function approvalFilterWhere(table: Approvable, filter: ApprovalFilter): SQL | undefined {
  const pattern = filter.q ? containing(filter.q) : undefined;
  return and(
    filter.status ? eq(table.approved_status, filter.status) : undefined,
    pattern ? sql`(${table.name} ilike ${pattern} or ${table.username} ilike ${pattern})` : undefined,
  );
}
