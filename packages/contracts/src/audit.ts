import { z } from 'zod';
import { Id, PageQuery, Timestamp, paged } from './common';
import { endpoint } from './endpoint';

/** What an audit entry is about (the server's `recordAudit` takes the same list). */
export const AUDIT_SUBJECT_TYPES = [
  'user',
  'organization',
  'account',
  'post',
  'role',
  'permission',
  'plan',
  'report',
  'pack',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

export const AuditEntryItem = z.object({
  id: z.number().int(),
  /** `<permission or feature>.<verb>`: `users.role`, `roles.permissions`, `permissions.delete`, … */
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.number().int().nullable(),
  /** Who made the change; null once that person is gone. */
  actor: z.object({ id: z.number().int(), name: z.string(), username: z.string() }).nullable(),
  /** The changed fields before and after (only those that differ). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: Timestamp,
});
export type AuditEntryItem = z.infer<typeof AuditEntryItem>;

export const AuditQuery = PageQuery.extend({
  subject_type: z.enum(AUDIT_SUBJECT_TYPES).optional(),
  actor_id: Id.optional(),
});
export type AuditQuery = z.input<typeof AuditQuery>;

export const auditApi = {
  list: endpoint({
    method: 'GET',
    path: '/audit',
    query: AuditQuery,
    response: paged(AuditEntryItem),
    summary: 'Changes made in the admin area, newest first',
    permission: 'audit.view',
    tags: ['Administration'],
  }),
} as const;
