import { STATUS_MAX_LENGTH, type ParsedBody, type PostType, type postsApi } from '@inkwell/contracts';
import type { Tx } from '../../db/connect';
import type { AppContext } from '../../platform/context';
import { conflict, type FieldErrors } from '../../platform/errors';
import { plainText, sanitizeArticle } from '../../platform/sanitize';
import { markAttached, ownUpload } from '../media';
import { plainUrlOf } from './locked-media';
import * as repo from './posts.repo';

/*
 * A post's fields as written: what each type needs and keeps, the uploads it may point at, and the tier a
 * members-only post asks for (the service's create and update both go through these).
 */

export type Fields = ParsedBody<typeof postsApi.update>;

export interface Normalised {
  title: string | null;
  content: string | null;
  url: string | null;
  featured_photo_url: string | null;
  /** Its one image's description: kept only when it has that image. */
  featured_photo_alt: string | null;
  photos: repo.StoredPhoto[];
}

const present = (v: string | null | undefined) => typeof v === 'string' && v.trim().length > 0;

/**
 * Which fields each type needs and keeps (spec §5 and the admin spec's post rules). A draft keeps what it has
 * and needs nothing yet: what its type needs is asked when it is published or scheduled.
 */
export function shape(type: PostType, input: Fields, fields: FieldErrors, draft = false): Normalised {
  const need = (name: 'title' | 'content' | 'url' | 'featured_photo_url', ok: boolean) => {
    if (!ok && !draft) fields[name] = ['validation.required'];
  };
  const text = (v: string | null | undefined) => (present(v) ? v!.trim() : null);
  const shortText = (name: 'content', v: string | null | undefined) => {
    const value = text(v);
    if (value && value.length > STATUS_MAX_LENGTH) fields[name] = ['validation.string_max'];
    return value;
  };
  const out: Normalised = {
    title: text(input.title),
    content: null,
    url: null,
    featured_photo_url: null,
    featured_photo_alt: null,
    photos: [],
  };
  switch (type) {
    case 'status':
      out.title = null;
      out.content = shortText('content', input.content);
      need('content', Boolean(out.content));
      break;
    case 'post': {
      const html = input.content ? sanitizeArticle(input.content) : '';
      out.content = plainText(html) ? html : null;
      out.url = input.url ?? null;
      need('title', Boolean(out.title));
      need('content', Boolean(out.content));
      break;
    }
    case 'photo':
      out.content = shortText('content', input.content);
      out.url = input.url ?? null;
      need('title', Boolean(out.title));
      need('content', Boolean(out.content));
      need('url', Boolean(out.url));
      break;
    case 'gallery':
      out.content = shortText('content', input.content);
      out.photos = (input.photos ?? []).map((p) => ({ url: p.url, caption: p.caption ?? '', alt: p.alt ?? '' }));
      if (out.photos.length === 0 && !draft) fields.photos = ['posts.photos_required'];
      break;
    case 'audio':
      out.url = input.url ?? null;
      out.featured_photo_url = input.featured_photo_url ?? null;
      need('url', Boolean(out.url));
      need('title', Boolean(out.title));
      need('featured_photo_url', Boolean(out.featured_photo_url));
      break;
    case 'video':
      out.content = shortText('content', input.content);
      out.url = input.url ?? null;
      out.featured_photo_url = input.featured_photo_url ?? null;
      need('url', Boolean(out.url));
      need('title', Boolean(out.title));
      break;
  }
  // The image it describes: a photo's or an article's `url`, an audio or video post's cover.
  const image = type === 'post' || type === 'photo' ? out.url : out.featured_photo_url;
  out.featured_photo_alt = image ? text(input.featured_photo_alt) : null;
  return out;
}

/**
 * Every file a post points at must be an upload of the author's own, of the right kind and ready: no
 * hot-linked or half-processed media in anyone's feed. A draft may keep a video still being processed: it is
 * asked to be ready when the draft is published.
 */
export async function checkMedia(
  ctx: AppContext,
  userId: number,
  type: PostType,
  post: Normalised,
  fields: FieldErrors,
  draft = false,
) {
  const check = async (field: string, url: string | null, kind: 'image' | 'audio' | 'video') => {
    if (!url) return;
    const found = await ownUpload(ctx.db, ctx.storage.keyOf(url), userId, kind);
    if (found === 'not_yours') fields[field] = ['posts.media_not_yours'];
    else if (found === 'not_ready' && !draft) fields[field] = ['posts.media_not_ready'];
  };
  const mainKind = type === 'audio' ? 'audio' : type === 'video' ? 'video' : 'image';
  await check('url', post.url, mainKind);
  await check('featured_photo_url', post.featured_photo_url, 'image');
  for (const [i, photo] of post.photos.entries()) await check(`photos.${i}.url`, photo.url, 'image');
}

/**
 * The tier a members-only post asks for, which must be one of the post's own account's (422 otherwise): null for
 * public, undefined when the request does not say (an edit then keeps what the post has).
 */
export async function tierOfAccount(
  ctx: AppContext,
  tierId: number | null | undefined,
  accountId: number,
  fields: FieldErrors,
): Promise<number | null | undefined> {
  if (tierId === undefined || tierId === null) return tierId;
  if (!(await repo.tierOfAccount(ctx.db, tierId, accountId))) fields.min_tier_id = ['posts.tier_not_of_account'];
  return tierId;
}

/** The fields with signed addresses (what a members-only post's people were shown) back to plain URLs. */
export function plainMedia<T extends Fields>(ctx: AppContext, input: T): T {
  return {
    ...input,
    url: plainUrlOf(ctx, input.url),
    featured_photo_url: plainUrlOf(ctx, input.featured_photo_url),
    photos: input.photos?.map((p) => ({ ...p, url: plainUrlOf(ctx, p.url) })),
  };
}

/** The storage keys of our own uploads a post points at. */
export function mediaKeys(ctx: AppContext, post: Pick<Normalised, 'url' | 'featured_photo_url' | 'photos'>): string[] {
  const urls = [post.url, post.featured_photo_url, ...post.photos.map((p) => p.url)];
  const keys = urls.map((url) => (url ? ctx.storage.keyOf(url) : undefined)).filter((k): k is string => Boolean(k));
  return [...new Set(keys)];
}

/**
 * Marks the post's uploads attached, so the cleanup of unused uploads keeps them. The files checked in
 * this request must still be there: one deleted in the meantime fails the save instead of leaving a hole.
 */
export async function attachMedia(tx: Tx, keys: string[], checked: string[]): Promise<void> {
  const found = await markAttached(tx, keys);
  if (checked.some((key) => !found.has(key))) throw conflict();
}
