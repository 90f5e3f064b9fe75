import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  PREVIEW_LINK_DAYS,
  type ParsedQuery,
  type Paged,
  type Post,
  type PostVersion,
  type PreviewLink,
  type publishingApi,
} from '@inkwell/contracts';
import type { Tx } from '../../db/connect';
import { accountPublicForPosting } from '../../db/visibility';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { conflict, forbidden, notFound, throwIfFieldErrors, type FieldErrors } from '../../platform/errors';
import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import { publicAccountSql } from '../accounts';
import { mediaSigner } from './locked-media';
import { checkMedia, shape } from './posts.fields';
import { postAccess, requirePost } from './posts.policy';
import * as repo from './posts.repo';
import { announce, isUnpublished, scheduleOf, toPost } from './posts.service';
import * as publishing from './publishing.repo';
import { isoTimestamp as iso } from './timestamps';
import * as versions from './versions.repo';

/*
 * Drafts and scheduled posts (issue 33): publishing one now or at its time, exactly once; taking it back to a
 * draft; the list of them; the signed links that show one before it is public; and a post's earlier versions.
 */

/** A draft or scheduled post of an account the caller belongs to (anyone else: 404, as for a post not there). */
async function ownUnpublished(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await repo.byId(ctx.db, id, auth.user.id);
  if (!row) throw notFound();
  const access = postAccess(auth, row);
  requirePost(access, 'can_modify');
  if (!access.member) throw notFound();
  if (!isUnpublished(row.status)) throw conflict('posts.already_published');
  return row;
}

/** What a post needs to be published (its type's fields, its media ready): asked of a draft only now. */
async function requireComplete(ctx: AppContext, row: repo.PostListRow): Promise<void> {
  const fields: FieldErrors = {};
  const input = { ...row, photos: row.photos.map((p) => ({ ...p, alt: p.alt ?? '' })) };
  const post = shape(row.type, input, fields);
  throwIfFieldErrors(fields);
  await checkMedia(ctx, row.author_id ?? 0, row.type, post, fields);
  // Media checked when it was saved stays the writer's; only "still processing" is news here.
  for (const [field, keys] of Object.entries(fields)) if (!keys.includes('posts.media_not_ready')) delete fields[field];
  throwIfFieldErrors(fields);
}

/**
 * Publishes the locked post in the caller's transaction: visible if its account is public, first in feeds from
 * now, announced (tags, totals, `post.created` for feeds and notifications).
 */
async function publishLocked(ctx: AppContext, tx: Tx, post: publishing.Publishing): Promise<void> {
  const visible = await accountPublicForPosting(tx, post.account_id, publicAccountSql('a'));
  await publishing.markPublished(tx, post.id, visible);
  await announce(ctx, tx, post, visible, { actor: post.actor });
}

/** Publish a draft or scheduled post now, or schedule it (again) for `publishAt`. */
export async function publish(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  publishAt: string | null | undefined,
): Promise<Post> {
  const row = await ownUnpublished(ctx, auth, id);
  await requireComplete(ctx, row);
  const fields: FieldErrors = {};
  const at = publishAt ? scheduleOf('scheduled', publishAt, fields) : null;
  throwIfFieldErrors(fields);
  await ctx.transaction(async (tx) => {
    const locked = await publishing.lockUnpublished(tx, id);
    // Published meanwhile (by its time, or by a second tap): once is enough.
    if (!locked) throw conflict('posts.already_published');
    if (at) await publishing.markScheduled(tx, id, at);
    else await publishLocked(ctx, tx, locked);
  });
  return toPost((await repo.byId(ctx.db, id, auth.user.id))!, auth, true, mediaSigner(ctx));
}

/** A scheduled post back to a draft (it will not publish itself). */
export async function unschedule(ctx: AppContext, auth: AuthContext, id: number): Promise<Post> {
  const row = await ownUnpublished(ctx, auth, id);
  if (row.status !== 'scheduled') throw conflict('posts.not_scheduled');
  const done = await ctx.transaction((tx) => publishing.markDraft(tx, id));
  if (!done) throw conflict('posts.already_published');
  return toPost((await repo.byId(ctx.db, id, auth.user.id))!, auth, true, mediaSigner(ctx));
}

/** How many due posts one transaction publishes (a backlog after a long stop is worked through in turns). */
const DUE_BATCH = 50;

/**
 * Publishes every scheduled post whose time has come (the `posts.publish` job, every minute; `now` is the
 * caller's clock). Each runs at most once: its row is claimed under lock, and its status changes in the same
 * transaction, so a second worker passes over it and a restart finds it published or still due.
 */
export async function publishDue(ctx: AppContext, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await ctx.transaction(async (tx) => {
      const due = await publishing.claimDue(tx, now, DUE_BATCH);
      for (const post of due) await publishLocked(ctx, tx, post);
      return due.length;
    });
    total += done;
    if (done < DUE_BATCH) break;
  }
  if (total) ctx.log.info({ published: total }, 'scheduled posts published');
  return total;
}

/** My drafts and scheduled posts, last changed first. */
export async function drafts(
  ctx: AppContext,
  auth: AuthContext,
  q: ParsedQuery<typeof publishingApi.drafts>,
  at: PageAt,
): Promise<Paged<Post>> {
  const { rows, total } = await publishing.drafts(ctx.db, auth.user.id, q.account_id, q.per_page, offsetOf(q));
  const sign = mediaSigner(ctx);
  return paged(
    rows.map((row) => toPost(row, auth, false, sign)),
    total,
    q,
    at,
  );
}

/* Preview links: `{post id}.{expiry, unix seconds}.{HMAC of both}`: neither can be changed without the secret. */

const previewSignature = (secret: string, postId: number, expires: number) =>
  createHmac('sha256', `${secret}:post-preview`).update(`${postId}|${expires}`).digest('base64url');

/** A read-only link that shows the draft or scheduled post to whoever has it, for {@link PREVIEW_LINK_DAYS}. */
export async function previewLink(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  now = Date.now(),
): Promise<PreviewLink> {
  await ownUnpublished(ctx, auth, id);
  const expires = Math.floor(now / 1000) + PREVIEW_LINK_DAYS * 86_400;
  const token = `${id}.${expires}.${previewSignature(ctx.appSecret, id, expires)}`;
  return { url: `${ctx.config.publicUrl}/preview/${token}`, expires_at: new Date(expires * 1000).toISOString() };
}

/**
 * The post a preview link shows, as its writers see it but with nothing to act on: 404 for a link altered, expired,
 * or for a post deleted; once published, its own page is the way (409).
 */
export async function preview(ctx: AppContext, token: string, now = Date.now()): Promise<Post> {
  const [idText, expiresText, signature] = token.split('.');
  const id = Number(idText);
  const expires = Number(expiresText);
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(expires) || !signature) throw notFound();
  const expected = Buffer.from(previewSignature(ctx.appSecret, id, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
  if (expires * 1000 < now) throw notFound();
  const row = await repo.byId(ctx.db, id, 0);
  if (!row) throw notFound();
  if (!isUnpublished(row.status)) throw conflict('posts.preview_published');
  // Readable as its writers read it (a members-only draft too: its writer chose to show it), changeable by nobody.
  return toPost({ ...row, visible: true, unlocked: true, member: false }, null, true, mediaSigner(ctx));
}

/* Edit history. */

/** A post's earlier versions, for whoever may read the post (a members-only post's: its members). */
export async function versionsOf(ctx: AppContext, auth: AuthContext | null, id: number): Promise<PostVersion[]> {
  const row = await repo.byId(ctx.db, id, auth?.user.id ?? 0);
  if (!row) throw notFound();
  requirePost(postAccess(auth, row), 'readable');
  const sign = mediaSigner(ctx);
  const media = (url: string | null) => (url && row.min_tier_id ? sign(url) : url);
  return (await versions.ofPost(ctx.db, id)).map((v) => ({
    id: v.id,
    title: v.title,
    content: v.content,
    url: media(v.url),
    featured_photo_url: media(v.featured_photo_url),
    featured_photo_alt: v.featured_photo_alt,
    photos: (v.photos ?? []).map((p) => ({ url: media(p.url)!, caption: p.caption, alt: p.alt ?? '' })),
    written_at: iso(v.written_at),
    replaced_at: iso(v.created_at),
  }));
}

/** Deletes an earlier version that showed what it should not: the post's account's people only. */
export async function removeVersion(ctx: AppContext, auth: AuthContext, id: number, versionId: number): Promise<void> {
  const row = await repo.byId(ctx.db, id, auth.user.id);
  if (!row) throw notFound();
  const access = postAccess(auth, row);
  requirePost(access);
  if (!access.member) throw forbidden();
  const gone = await ctx.transaction((tx) => versions.remove(tx, id, versionId));
  if (!gone) throw notFound();
}
