import type { DomainEventOf, Mention } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { unlockedSql } from '../../db/members-only';
import { t } from '../../platform/i18n';
import { teaser } from '../../platform/sanitize';
import * as facts from './notifications.facts';
import { accountOwners, targetsOf, write, type Draft } from './notifications.repo';

type MentionEvent = DomainEventOf<'post.created'> | DomainEventOf<'post.updated'> | DomainEventOf<'comment.created'>;

/** Who a mention names: a person, or the owners of an account. */
async function peopleOf(tx: Tx, mentions: Mention[]): Promise<number[]> {
  const ids = await Promise.all(mentions.map((m) => (m.kind === 'user' ? [m.id] : accountOwners(tx, m.id))));
  return [...new Set(ids.flat())];
}

/**
 * Of `people`, those who may see the post: it is visible, and public or a pass (or the account) lets them read
 * it. A mention never tells someone about a post they could not open.
 */
async function whoMaySee(tx: Tx, postId: number, people: number[]): Promise<number[]> {
  const seeing: number[] = [];
  for (const id of people) {
    const [row] = await queryRows<{ ok: boolean }>(
      tx as unknown as Db,
      sql`select (p.visible and (${unlockedSql(id, 'p')}
                or exists (select 1 from account_users au where au.account_id = p.account_id and au.user_id = ${id}))) as ok
          from posts p where p.id = ${postId}`,
    );
    if (row?.ok) seeing.push(id);
  }
  return seeing;
}

/** Each person once per post or comment: an edit that keeps a mention, or a retried job, tells nobody again. */
async function notToldYet(tx: Tx, source: 'post' | 'comment', id: number, people: number[]): Promise<number[]> {
  if (people.length === 0) return [];
  const rows = await queryRows<{ user_id: number }>(
    tx as unknown as Db,
    sql`insert into mention_notices (source_type, source_id, user_id)
        select ${source}, ${id}, unnest(${sql.param(people)}::int[]) on conflict do nothing returning user_id`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * Someone @mentioned in a post or comment hears it (kind `mention`), if they may see the post, are not its
 * writer, and are not in a block with the writer (targetsOf).
 */
export async function mentioned(tx: Tx, event: MentionEvent): Promise<number[]> {
  const isComment = event.type === 'comment.created';
  const [post, who] = await Promise.all([facts.post(tx, event.post_id), facts.person(tx, event.actor_id)]);
  if (!post || !who) return [];
  const [source] = await queryRows<{ mentions: Mention[]; content: string }>(
    tx as unknown as Db,
    isComment
      ? sql`select mentions, content from comments where id = ${event.comment_id}`
      : sql`select mentions, coalesce(content, '') as content from posts where id = ${event.post_id}`,
  );
  if (!source || source.mentions.length === 0) return [];
  const people = (await peopleOf(tx, source.mentions)).filter((id) => id !== event.actor_id);
  const seeing = await whoMaySee(tx, post.id, people);
  const targets = await targetsOf(tx, seeing, 'mention', event.actor_id);
  const fresh = new Set(
    await notToldYet(
      tx,
      isComment ? 'comment' : 'post',
      isComment ? event.comment_id : post.id,
      targets.map((t) => t.id),
    ),
  );
  // A members-only post's notice shows its title or teaser only, like its bell.
  const body = isComment
    ? facts.excerpt(source.content)
    : post.min_tier_id
      ? (post.title ?? teaser(post.content, post.type === 'post') ?? '')
      : facts.postName(post, 120);
  const draft: Draft = {
    kind: 'mention',
    actor_id: event.actor_id,
    account_id: post.account_id,
    post_id: post.id,
    ...(isComment ? { comment_id: event.comment_id } : {}),
    icon: who.profile_url ?? facts.APP_ICON,
    url: isComment ? `/posts/${post.slug}?comments=1` : `/posts/${post.slug}`,
    tag: isComment ? `mention-comment-${event.comment_id}` : `mention-post-${post.id}`,
    text: (locale) => ({
      title: t(locale, isComment ? 'notifications.mention_comment' : 'notifications.mention', { actor: who.name }),
      body,
    }),
  };
  return write(
    tx,
    targets.filter((t) => fresh.has(t.id)),
    draft,
  );
}
