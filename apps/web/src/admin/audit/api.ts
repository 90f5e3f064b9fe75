import { auditApi, type AuditSubjectType } from '@inkwell/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

export const AUDIT_KEY = ['admin', 'audit'] as const;

/** One page of the audit log, newest first, optionally about one kind of subject. */
export const useAuditPage = (page: number, subjectType: AuditSubjectType | null) =>
  useQuery({
    queryKey: [...AUDIT_KEY, page, subjectType],
    queryFn: () => call(auditApi.list, { query: { page, subject_type: subjectType ?? undefined } }),
    placeholderData: keepPreviousData,
  });
