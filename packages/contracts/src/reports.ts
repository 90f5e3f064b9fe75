import { z } from 'zod';
import { Id, IdParams, PageQuery, Timestamp, dataOf, paged } from './common';
import { endpoint } from './endpoint';

/** What can be reported: each from its own menu (a post's, a comment's, an account page's, a person's, a message's). */
export const REPORT_TARGET_TYPES = ['post', 'comment', 'account', 'user', 'chat_message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'sexual',
  'self_harm',
  'illegal',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report is open until a moderator acts: `resolved` (something was done) or `dismissed` (nothing was). */
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a moderator may do with a report. The reporters learn only `resolved` or `dismissed`, never which. */
export const REPORT_ACTIONS = ['dismiss', 'remove', 'suspend_author'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_COMMENT_MAX_LENGTH = 1000;
export const REPORT_NOTE_MAX_LENGTH = 1000;
/** A chat report carries the room's last messages, as they were, for the moderator to read. */
export const REPORT_CHAT_EVIDENCE_MESSAGES = 20;

export const CreateReportBody = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: Id,
  reason: z.enum(REPORT_REASONS),
  comment: z.string().trim().max(REPORT_COMMENT_MAX_LENGTH).nullish(),
});
export type CreateReportBody = z.input<typeof CreateReportBody>;

export const ReportReceipt = z.object({ id: z.number().int(), status: z.enum(REPORT_STATUSES) });
export type ReportReceipt = z.infer<typeof ReportReceipt>;

const Person = z.object({ id: z.number().int(), name: z.string(), username: z.string() });

/**
 * The reported content as it was when first reported (it may be edited or deleted since): its text, title,
 * media, whose it is, and where it was (a post's page, an account's or a person's); for a chat message, the
 * room's last messages.
 */
export const ReportSnapshot = z.object({
  title: z.string().nullable(),
  text: z.string().nullable(),
  media: z.array(z.string()),
  /** The person answerable for it: the writer of a post, comment or message, an account's owner, the person. */
  author: Person.nullable(),
  /** The app path it was shown at (null for a chat message: only the room's people may open it). */
  url: z.string().nullable(),
  messages: z
    .array(z.object({ id: z.number().int(), sender: Person.nullable(), body: z.string(), created_at: Timestamp }))
    .optional(),
});
export type ReportSnapshot = z.infer<typeof ReportSnapshot>;

/** One of my reports (Settings → Reports): what I said, and where it stands. */
export const MyReport = z.object({
  id: z.number().int(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number().int(),
  /** What I reported, in a line: the title or the start of the text, or a name. */
  target_label: z.string(),
  reason: z.enum(REPORT_REASONS),
  comment: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: Timestamp,
  resolved_at: Timestamp.nullable(),
});
export type MyReport = z.infer<typeof MyReport>;

/** A report in the moderation queue: one per reported target, its reporters folded in. */
export const AdminReport = z.object({
  id: z.number().int(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number().int(),
  target: ReportSnapshot,
  status: z.enum(REPORT_STATUSES),
  /** Every reason given, most given first. */
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  reporters_count: z.number().int(),
  action: z.enum(REPORT_ACTIONS).nullable(),
  note: z.string().nullable(),
  resolved_by: Person.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  resolved_at: Timestamp.nullable(),
});
export type AdminReport = z.infer<typeof AdminReport>;

/** One report with each reporter's words, and the author's earlier reports and what came of them. */
export const AdminReportDetail = AdminReport.extend({
  reporters: z.array(
    z.object({
      reporter: Person,
      reason: z.enum(REPORT_REASONS),
      comment: z.string().nullable(),
      created_at: Timestamp,
    }),
  ),
  author_history: z.array(
    z.object({
      id: z.number().int(),
      target_type: z.enum(REPORT_TARGET_TYPES),
      status: z.enum(REPORT_STATUSES),
      action: z.enum(REPORT_ACTIONS).nullable(),
      reporters_count: z.number().int(),
      created_at: Timestamp,
    }),
  ),
  /** Whether the author is suspended now. */
  author_suspended: z.boolean(),
});
export type AdminReportDetail = z.infer<typeof AdminReportDetail>;

export const AdminReportsQuery = PageQuery.extend({
  status: z.enum(REPORT_STATUSES).default('open'),
  target_type: z.enum(REPORT_TARGET_TYPES).optional(),
});
export type AdminReportsQuery = z.input<typeof AdminReportsQuery>;

export const ResolveReportBody = z.object({
  action: z.enum(REPORT_ACTIONS),
  note: z.string().trim().max(REPORT_NOTE_MAX_LENGTH).nullish(),
});
export type ResolveReportBody = z.input<typeof ResolveReportBody>;

/** The admin navigation's badge and the dashboard's card. */
export const ReportsSummary = z.object({
  open_count: z.number().int(),
  /** When the oldest open report was first made (null when none is open). */
  oldest_open_at: Timestamp.nullable(),
});
export type ReportsSummary = z.infer<typeof ReportsSummary>;

const tags = ['Safety'] as const;
const adminTags = ['Administration'] as const;

export const reportsApi = {
  create: endpoint({
    method: 'POST',
    path: '/reports',
    body: CreateReportBody,
    response: dataOf(ReportReceipt),
    status: 201,
    answersExisting: true,
    summary: 'Report a post, comment, account, person or chat message (again: updates my open report)',
    tags,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/user/reports',
    query: PageQuery,
    response: paged(MyReport),
    summary: 'My reports and where they stand, newest first',
    tags,
  }),
  list: endpoint({
    method: 'GET',
    path: '/admin/reports',
    query: AdminReportsQuery,
    response: paged(AdminReport),
    summary: 'The moderation queue: reports by target, oldest open first',
    permission: 'reports.manage',
    tags: adminTags,
  }),
  summary: endpoint({
    method: 'GET',
    path: '/admin/reports/summary',
    response: dataOf(ReportsSummary),
    summary: 'How many reports are open, and since when',
    permission: 'reports.manage',
    tags: adminTags,
  }),
  show: endpoint({
    method: 'GET',
    path: '/admin/reports/:id',
    params: IdParams,
    response: dataOf(AdminReportDetail),
    summary: 'One report with every reporter, and the author’s earlier reports',
    permission: 'reports.manage',
    tags: adminTags,
  }),
  resolve: endpoint({
    method: 'POST',
    path: '/admin/reports/:id/resolve',
    params: IdParams,
    body: ResolveReportBody,
    response: dataOf(AdminReportDetail),
    summary: 'Dismiss a report, remove what it is about, or suspend its author',
    permission: 'reports.manage',
    tags: adminTags,
  }),
} as const;
