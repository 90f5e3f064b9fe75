import {
  EXCERPT_WORDS,
  SCHEDULE_MAX_DAYS,
  type ParsedBody,
  type Post,
  type PostType,
  type postsApi,
} from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { type Tx } from '../../db/connect';
import { isUniqueViolation } from '../../db/errors';
import { accountPublicForPosting } from '../../db/visibility';
import type { AuthContext } from '../../platform/auth/authenticate';
import { recordAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { forbidden, notFound, throwIfFieldErrors, type FieldErrors } from '../../platform/errors';
import { firstWords, plainText, teaser } from '../../platform/sanitize';
import { accountAccess, findAccount, publicAccountSql } from '../accounts';
import { companionsOf } from '../media';
import { postAccess, requirePost } from './posts.policy';
import { mediaSigner } from './locked-media';
import {
  attachMedia,
  checkMedia,
  mediaKeys,
  plainMedia,
  shape,
  tierOfAccount,
  type Fields,
  type Normalised,
} from './posts.fields';
import { postText, syncPostTags } from './post-text';
import * as repo from './posts.repo';
import { makeSlug } from './slug';
import { isoTimestamp as iso } from './timestamps';
import * as versions from './versions.repo';

/** In lists an article carries only its opening words (the card shows 50 and an ellipsis). */
/** A post's account as answers show it. */
export const postAccount = (row: repo.PostAccountColumns) => ({
  id: row.account_id,
  username: row.account_username,
  name: row.account_name,
  profile_url: row.account_profile_url,
});

/**
 * A post as an answer shows it to `auth`. A members-only post the viewer may not read (posts.policy `readable`)
 * is locked here, the one place every answer with posts passes: its teaser instead of its content, and none of
 * its media URLs.
 */
export function toPost(
  row: repo.PostListRow,
  auth: AuthContext | null,
  full = true,
  sign: (url: string) => string = (url) => url,
): Post {
  const access = postAccess(auth, row);
  const locked = !access.readable;
  // A members-only post's files are reached only through signed addresses (locked-media.ts).
  const media = (url: string | null) => (url && row.min_tier_id ? sign(url) : url);
  // Beside a video or audio post's file: its playlists and thumbnails, or its low-data copy (older uploads: none).
  const streams = row.type === 'video' || row.type === 'audio' ? companionsOf(row.url) : companionsOf(null);
  const content = locked
    ? teaser(row.content, row.type === 'post')
    : row.type === 'post' && !full && row.content
      ? firstWords(plainText(row.content), EXCERPT_WORDS + 10)
      : row.content;
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: row.title,
    content,
    url: locked ? null : media(row.url),
    featured_photo_url: locked ? null : media(row.featured_photo_url),
    featured_photo_alt: locked ? null : row.featured_photo_alt,
    photos: locked ? [] : (row.photos ?? []).map((p) => ({ url: media(p.url)!, caption: p.caption, alt: p.alt ?? '' })),
    hls_url: locked ? null : media(streams.hls),
    thumbnails_url: locked ? null : media(streams.thumbnails),
    low_data_url: locked ? null : media(streams.lowData),
    min_tier: row.min_tier_id ? { id: row.min_tier_id, name: row.min_tier_name ?? '' } : null,
    locked,
    visibility: row.min_tier_id ? 'members' : 'public',
    blurred_cover_url: locked ? row.blurred_cover : null,
    language: row.language,
    tags: row.tags ?? [],
    // A locked post's mentions are in its body: they are its members' to see.
    mentions: locked ? [] : (row.mentions ?? []),
    account_id: row.account_id,
    account: postAccount(row),
    likes_count: row.likes_count,
    comments_count: row.comments_count,
    liked: row.liked,
    is_blocked: row.is_blocked,
    is_muted: row.is_muted,
    can_modify: access.can_modify,
    can_delete: access.can_delete,
    status: row.status,
    rejected_reason: row.rejected_reason,
    rejected_at: row.rejected_at ? iso(row.rejected_at) : null,
    publish_at: row.publish_at ? iso(row.publish_at) : null,
    edited_at: row.edited_at ? iso(row.edited_at) : null,
    pin_position: row.pin_position,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** What an edit can change, as the audit log keeps it. */
const editable = (
  p: Pick<Normalised, 'title' | 'content' | 'url' | 'featured_photo_url' | 'photos'> & {
    featured_photo_alt: string | null;
  },
) => ({
  title: p.title,
  content: p.content,
  url: p.url,
  featured_photo_url: p.featured_photo_url,
  featured_photo_alt: p.featured_photo_alt,
  photos: p.photos,
});

/** A draft or a scheduled post: its account's people's alone, in no list, count or feed. */
export const isUnpublished = (status: string): boolean => status === 'draft' || status === 'scheduled';

/** Whether an edit changes what readers see (not a save of the same words: no version for that). */
const changed = (row: repo.PostListRow, post: Normalised): boolean =>
  JSON.stringify(editable({ ...row, photos: row.photos.map((p) => ({ ...p, alt: p.alt ?? '' })) })) !==
  JSON.stringify(editable({ ...post, photos: post.photos.map((p) => ({ ...p, alt: p.alt ?? '' })) }));

/** The words search reads; `text` is the content's plain text when the caller has it already. */
// One line per part, as postText joins them: the text backfill rewrites an imported row to the same value.
export const searchText = (p: Normalised, text = p.content ? plainText(p.content) : null) =>
  [p.title, text, ...p.photos.map((x) => x.caption)].filter(Boolean).join('\n').slice(0, 20_000);

/** How many random suffixes a new post tries before giving up (each collides with odds of about 1 in 16 million). */
const SLUG_ATTEMPTS = 5;

/** Whether the error is the slug's unique index refusing a suffix already taken. */
const slugTaken = (error: unknown): boolean => isUniqueViolation(error, 'posts_slug_key');

/**
 * Inserts the post under a fresh slug, drawing a new random suffix when one is taken (a bounded number of
 * times). Each attempt runs in a savepoint, so a refused insert leaves the transaction usable.
 */
async function insertWithFreshSlug(
  tx: Tx,
  slugOf: () => string,
  values: Omit<Parameters<typeof repo.insert>[1], 'slug'>,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tx.transaction((savepoint) => repo.insert(savepoint, { ...values, slug: slugOf() }));
    } catch (error) {
      if (attempt >= SLUG_ATTEMPTS || !slugTaken(error)) throw error;
    }
  }
}

export async function create(
  ctx: AppContext,
  auth: AuthContext,
  input: ParsedBody<typeof postsApi.create>,
): Promise<Post> {
  const account = await findAccount(ctx.db, input.account_id, auth.user.id);
  const publishing = account ? accountAccess(auth, account) : undefined;
  // Only the account's people may post as it, and only once it is approved (accounts.policy.ts).
  if (!publishing?.member) throw forbidden('posts.not_your_account');
  if (!publishing.can_publish) throw forbidden('posts.account_not_approved');

  const fields: FieldErrors = {};
  const draft = input.status === 'draft';
  const post = shape(input.type, plainMedia(ctx, input), fields, draft);
  const publishAt = scheduleOf(input.status, input.publish_at, fields);
  throwIfFieldErrors(fields);
  await checkMedia(ctx, auth.user.id, input.type, post, fields, draft);
  const minTier = await tierOfAccount(ctx, input.min_tier_id, input.account_id, fields);
  throwIfFieldErrors(fields);

  const keys = mediaKeys(ctx, post);
  const text = await postText(ctx.db, post);
  const id = await ctx.transaction(async (tx) => {
    // Read again under the account row's lock: an administrator hiding the account meanwhile is not missed.
    const visible = await accountPublicForPosting(tx, input.account_id, publicAccountSql('a'));
    await attachMedia(tx, keys, keys);
    const newId = await insertWithFreshSlug(
      tx,
      () => makeSlug(post.title ?? (post.content ? plainText(post.content) : null), input.type),
      {
        account_id: input.account_id,
        author_id: auth.user.id,
        type: input.type,
        ...post,
        min_tier_id: minTier ?? null,
        // A draft or a scheduled post is in no list, count or feed until it is published (publishing.ts).
        status: input.status,
        publish_at: publishAt,
        visible: visible && input.status === 'published',
        ...text,
      },
    );
    if (input.status !== 'published') return newId;
    await announce(ctx, tx, { id: newId, account_id: input.account_id, type: input.type, tags: text.tags }, visible, {
      actor: auth.user.id,
    });
    return newId;
  });
  return toPost((await repo.byId(ctx.db, id, auth.user.id))!, auth, true, mediaSigner(ctx));
}

/** A post the caller may see (posts.policy.ts): public, theirs, or an administrator's with `posts.view`. */
export async function bySlug(ctx: AppContext, auth: AuthContext | null, slug: string): Promise<Post> {
  const row = await repo.bySlug(ctx.db, slug, auth?.user.id ?? 0);
  if (!row) throw notFound();
  requirePost(postAccess(auth, row));
  return toPost(row, auth, true, mediaSigner(ctx));
}

/**
 * What publishing a post sets off, in the transaction that publishes it (creating it published, a draft or a
 * scheduled post published): its tags indexed, its account's and the public totals counted, and `post.created`
 * for its followers' feeds, notifications and mentions (after the commit, through the outbox).
 */
export async function announce(
  ctx: AppContext,
  tx: Tx,
  post: { id: number; account_id: number; type: PostType; tags: string[] },
  visible: boolean,
  { actor }: { actor: number },
): Promise<void> {
  await syncPostTags(tx, post.id, post.tags);
  await repo.bumpAccountCounts(tx, post.account_id, post.type, 1);
  if (visible) await repo.bumpCounter(tx, repo.VISIBLE_POSTS, 1);
  ctx.events.publish(tx, {
    type: 'post.created',
    actor_id: actor,
    account_id: post.account_id,
    post_id: post.id,
    post_type: post.type,
    visible,
  });
}

/**
 * When a post saved as `status` publishes itself: `publish_at` for a scheduled one (required, in the future,
 * within {@link SCHEDULE_MAX_DAYS}), none otherwise.
 */
export function scheduleOf(
  status: 'draft' | 'scheduled' | 'published',
  publishAt: string | null | undefined,
  fields: FieldErrors,
  now = Date.now(),
): Date | null {
  if (status !== 'scheduled') return null;
  if (!publishAt) {
    fields.publish_at = ['validation.required'];
    return null;
  }
  const at = new Date(publishAt);
  if (at.getTime() <= now) fields.publish_at = ['posts.schedule_past'];
  else if (at.getTime() > now + SCHEDULE_MAX_DAYS * 86_400_000) fields.publish_at = ['posts.schedule_too_far'];
  return at;
}

/** The post, if the caller may change it (posts.policy.ts); one they may not see answers 404 like a missing one. */
async function modifiable(ctx: AppContext, auth: AuthContext, id: number, action: 'can_modify' | 'can_delete') {
  const row = await repo.byId(ctx.db, id, auth.user.id);
  if (!row) throw notFound();
  requirePost(postAccess(auth, row), action);
  return row;
}

export async function update(ctx: AppContext, auth: AuthContext, id: number, input: Fields): Promise<Post> {
  const row = await modifiable(ctx, auth, id, 'can_modify');
  const fields: FieldErrors = {};
  // A draft is saved as it stands (autosave); a scheduled post stays complete, ready for its time.
  const draft = row.status === 'draft';
  const post = shape(row.type, plainMedia(ctx, input), fields, draft);
  throwIfFieldErrors(fields);
  // Media already on the post stays valid when an administrator edits someone else's post.
  const author = row.author_id ?? auth.user.id;
  await checkMedia(ctx, row.member ? auth.user.id : author, row.type, post, fields, draft);
  const minTier = await tierOfAccount(ctx, input.min_tier_id, row.account_id, fields);
  for (const field of Object.keys(fields)) {
    const same =
      (field === 'url' && post.url === row.url) ||
      (field === 'featured_photo_url' && post.featured_photo_url === row.featured_photo_url) ||
      (field.startsWith('photos.') && row.photos.some((p) => p.url === post.photos[Number(field.split('.')[1])]?.url));
    if (same) delete fields[field];
  }
  throwIfFieldErrors(fields);
  const keys = mediaKeys(ctx, post);
  const before = new Set(mediaKeys(ctx, row));
  const text = await postText(ctx.db, post);
  await ctx.transaction(async (tx) => {
    await attachMedia(
      tx,
      keys,
      keys.filter((key) => !before.has(key)),
    );
    // Once published, an edit keeps what it replaces (the post's earlier versions) and marks the post edited.
    const edited = !isUnpublished(row.status) && changed(row, post);
    if (edited) await versions.keep(tx, row, auth.user.id);
    await repo.update(tx, id, {
      ...post,
      ...text,
      // Absent keeps the post as it is: an edit of a members-only post keeps its lock.
      ...(minTier !== undefined ? { min_tier_id: minTier } : {}),
      ...(edited ? { edited_at: sql`now()` } : {}),
    });
    // A draft's tags are indexed when it is published (tag pages and counts hold published posts).
    if (!isUnpublished(row.status)) await syncPostTags(tx, id, text.tags);
    // An administrator changing someone else's post leaves a trace (their own posts are theirs to edit).
    if (!row.member) {
      await recordAudit(tx, auth, {
        action: 'posts.edit',
        subject_type: 'post',
        subject_id: id,
        before: editable(row),
        after: editable(post),
      });
    }
    ctx.events.publish(tx, { type: 'post.updated', actor_id: auth.user.id, account_id: row.account_id, post_id: id });
  });
  return toPost((await repo.byId(ctx.db, id, auth.user.id))!, auth, true, mediaSigner(ctx));
}

export async function remove(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  const row = await modifiable(ctx, auth, id, 'can_delete');
  await ctx.transaction(async (tx) => {
    const gone = await repo.remove(tx, id);
    if (!gone) return;
    if (!row.member) {
      await recordAudit(tx, auth, {
        action: 'posts.delete',
        subject_type: 'post',
        subject_id: id,
        before: { slug: row.slug, type: row.type, account_id: row.account_id, ...editable(row) },
        after: null,
      });
    }
    ctx.events.publish(tx, { type: 'post.deleted', actor_id: auth.user.id, account_id: gone.account_id, post_id: id });
    if (gone.status === 'published') await repo.bumpAccountCounts(tx, gone.account_id, gone.type, -1);
    if (gone.visible) await repo.bumpCounter(tx, repo.VISIBLE_POSTS, -1);
  });
}
