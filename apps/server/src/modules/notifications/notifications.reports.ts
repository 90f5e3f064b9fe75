import type { DomainEventOf } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { t } from '../../platform/i18n';
import * as facts from './notifications.facts';
import { targetsOf, write, type Draft } from './notifications.repo';

/** Who reported, and what the report kept of the content (a removed comment is gone by now). */
async function reportFacts(tx: Tx, reportId: number) {
  const reporters = await queryRows<{ reporter_id: number }>(
    tx as Db,
    sql`select reporter_id from report_entries where report_id = ${reportId}`,
  );
  const [report] = await queryRows<{ text: string | null; url: string | null }>(
    tx as Db,
    sql`select snapshot->>'text' as text, snapshot->>'url' as url from reports where id = ${reportId}`,
  );
  return { reporters: reporters.map((r) => r.reporter_id), text: report?.text ?? null, url: report?.url ?? null };
}

/**
 * A moderator decided a report: each reporter hears that it was reviewed (and whether something was done, never
 * what); a removed comment's author hears why, as a rejected post's does.
 */
export async function reportResolved(tx: Tx, event: DomainEventOf<'report.resolved'>): Promise<number[]> {
  const report = await reportFacts(tx, event.report_id);
  const dismissed = event.status === 'dismissed';
  const toReporters: Draft = {
    kind: 'report_resolved',
    actor_id: null,
    icon: facts.APP_ICON,
    url: '/profile/reports',
    tag: `report-${event.report_id}`,
    payload: { report_id: event.report_id, status: event.status },
    text: (locale) => ({
      title: t(locale, 'notifications.report_resolved_title'),
      body: t(locale, dismissed ? 'notifications.report_dismissed' : 'notifications.report_resolved'),
    }),
  };
  const ids = await write(tx, await targetsOf(tx, report.reporters, 'report_resolved', null), toReporters);
  if (event.action !== 'remove' || event.target_type !== 'comment' || event.author_id === null) return ids;
  const toAuthor: Draft = {
    kind: 'moderation',
    actor_id: event.actor_id,
    icon: facts.APP_ICON,
    url: report.url ?? '/notifications',
    tag: `comment-${event.target_id}`,
    payload: { status: 'removed', reason: event.note },
    text: (locale) => ({
      title: t(locale, 'notifications.comment_removed_title'),
      body: t(locale, 'notifications.comment_removed', {
        excerpt: facts.excerpt(report.text, 60),
        reason: event.note ?? '',
      }),
    }),
  };
  return [...ids, ...(await write(tx, await targetsOf(tx, [event.author_id], 'moderation', null), toAuthor))];
}
