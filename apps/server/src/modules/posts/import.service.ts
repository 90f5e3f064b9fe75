import {
  IMPORT_BATCH_ROWS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ERRORS,
  IMPORT_MAX_ROWS,
  ImportArticleRow,
  ImportStatusRow,
  ImportPostsFields,
  type ImportPostsResult,
  type ImportRowError,
  type ImportType,
  type Locale,
} from '@inkwell/contracts';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/connect';
import { VISIBLE_POSTS } from '../../db/counters';
import { accountPublicForPosting } from '../../db/visibility';
import { recordAudit } from '../../platform/audit';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { AppError, ValidationError, conflict, tooLarge, type FieldErrors } from '../../platform/errors';
import { RequestValidationError, nulIssues, translateIssues } from '../../platform/http/validation';
import { normalizeTexts } from '../../platform/http/text-input';
import { t, type MessageKey } from '../../platform/i18n';
import { plainText } from '../../platform/sanitize';
import { publicAccountSql } from '../accounts';
import { markAttached } from '../media';
import * as importRepo from './import.repo';
import * as admin from './posts.admin.repo';
import * as repo from './posts.repo';
import { shape, type Normalised } from './posts.fields';
import { searchText } from './posts.service';
import { makeSlug } from './slug';
import { queueFanOut } from './feed.service';

/** The multipart form, read whole: the file (at most {@link IMPORT_MAX_BYTES}) and the three fields. */
async function readForm(request: FastifyRequest): Promise<{ file?: Buffer; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && !file) file = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const { code, syscall, statusCode } = (err ?? {}) as { code?: string; syscall?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError(415, 'media.not_multipart');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError(413, 'posts.import_one_file');
    // Our own disk failing stays a server error; anything else is a broken body.
    if (syscall && !statusCode) throw err;
    throw new AppError(400, 'media.malformed_upload');
  }
  return { file, fields };
}

/** The file's rows, or a 422 that names what is wrong with the file as a whole (nothing is imported then). */
function rowsOf(file: Buffer): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new ValidationError({ file: ['posts.import_not_json'] });
  }
  if (!Array.isArray(parsed)) throw new ValidationError({ file: ['posts.import_not_array'] });
  if (parsed.length === 0) throw new ValidationError({ file: ['posts.import_empty'] });
  if (parsed.length > IMPORT_MAX_ROWS)
    throw new AppError(422, 'posts.import_too_many', { max: IMPORT_MAX_ROWS.toLocaleString('en') });
  return parsed;
}

interface ValidRow {
  index: number;
  post: Normalised;
  /** The content's plain text (for the slug and search), read once. */
  text: string | null;
  created_at: Date | null;
}

type RowCheck = { ok: ValidRow } | { errors: ImportRowError[] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function fieldErrors(index: number, errors: Record<string, string[]>): ImportRowError[] {
  return Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => ({ index, field: field === '_' ? null : field, message })),
  );
}

/**
 * One row through the same rules as composing: the contract's field schema (lengths, URL), then the
 * server's shaping of the type (required after trimming, article HTML sanitised by the composer's allow-list).
 */
function checkRow(type: ImportType, raw: unknown, index: number, locale: Locale): RowCheck {
  const whole = (key: MessageKey): RowCheck => ({ errors: [{ index, field: null, message: t(locale, key) }] });
  if (!isRecord(raw)) return whole('posts.import_row_not_object');
  let nul;
  try {
    nul = nulIssues(raw);
  } catch {
    return whole('validation.invalid');
  }
  if (nul.length) return { errors: fieldErrors(index, translateIssues(nul, locale)) };
  // As every text the server takes: NFC Unicode, Zawgyi converted (the JSON routes do it at the boundary).
  normalizeTexts(raw);
  let input: {
    title?: string;
    content: string;
    url?: string | null;
    featured_photo_alt?: string | null;
    created_at?: Date | null;
  };
  if (type === 'post') {
    const parsed = ImportArticleRow.safeParse(raw, { reportInput: true });
    if (!parsed.success) return { errors: fieldErrors(index, translateIssues(parsed.error.issues, locale)) };
    // An article's cover is its `url` (as the composer stores it); the file calls it `featured_photo_url`.
    input = { ...parsed.data, url: parsed.data.featured_photo_url ?? null };
  } else {
    const parsed = ImportStatusRow.safeParse(raw, { reportInput: true });
    if (!parsed.success) return { errors: fieldErrors(index, translateIssues(parsed.error.issues, locale)) };
    input = parsed.data;
  }
  const fields: FieldErrors = {};
  const post = shape(
    type,
    {
      title: input.title ?? null,
      content: input.content,
      url: input.url ?? null,
      featured_photo_alt: input.featured_photo_alt ?? null,
    },
    fields,
  );
  if (Object.keys(fields).length) {
    const translated = Object.fromEntries(
      Object.entries(fields).map(([field, keys]) => [
        field === 'url' ? 'featured_photo_url' : field,
        keys.map((k) => t(locale, k)),
      ]),
    );
    return { errors: fieldErrors(index, translated) };
  }
  const text = post.content ? plainText(post.content) : null;
  return { ok: { index, post, text, created_at: input.created_at ?? null } };
}

/**
 * An article's cover must be the person's own processed image upload, as when they compose (no hot-linked
 * pictures in anyone's feed). One query for the whole file; rows whose cover fails are refused.
 */
async function checkCovers(
  ctx: AppContext,
  userId: number,
  rows: ValidRow[],
  locale: Locale,
): Promise<{ kept: ValidRow[]; errors: ImportRowError[] }> {
  const keyOf = new Map<ValidRow, string | undefined>();
  for (const row of rows) if (row.post.url) keyOf.set(row, ctx.storage.keyOf(row.post.url));
  if (keyOf.size === 0) return { kept: rows, errors: [] };
  const keys = [...new Set([...keyOf.values()].filter((k): k is string => Boolean(k)))];
  const uploads = await importRepo.uploadsOf(ctx.db, userId, keys);
  const kept: ValidRow[] = [];
  const errors: ImportRowError[] = [];
  for (const row of rows) {
    if (!keyOf.has(row)) {
      kept.push(row);
      continue;
    }
    const key = keyOf.get(row);
    const file = key ? uploads.get(key) : undefined;
    const problem: MessageKey | null =
      !file || file.kind !== 'image'
        ? 'posts.media_not_yours'
        : file.status !== 'processed'
          ? 'posts.media_not_ready'
          : null;
    if (problem) errors.push({ index: row.index, field: 'featured_photo_url', message: t(locale, problem) });
    else kept.push(row);
  }
  return { kept, errors };
}

/** How many slugs a batch draws for its rows before giving up (each draw collides about once in 16 million). */
const SLUG_ATTEMPTS = 5;

/**
 * Inserts one batch in multi-row statements, drawing fresh slug suffixes for rows whose slug is taken; answers
 * the new posts' ids.
 */
async function insertBatch(
  tx: Tx,
  rows: ValidRow[],
  common: { account_id: number; author_id: number; type: ImportType; visible: boolean },
): Promise<number[]> {
  // Slugs as composing makes them: the title, else the text; a retry draws a new random suffix only.
  const draw = (row: ValidRow) => makeSlug(row.post.title ?? row.text, common.type);
  const valuesOf = (row: ValidRow, slug: string): importRepo.ImportedRow => ({
    slug,
    title: row.post.title,
    content: row.post.content,
    url: row.post.url,
    featured_photo_alt: row.post.featured_photo_alt,
    search_text: searchText(row.post, row.text),
    created_at: row.created_at ? row.created_at.toISOString() : null,
  });
  let pending = rows;
  const ids: number[] = [];
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > SLUG_ATTEMPTS) throw conflict();
    const used = new Set<string>();
    const values = pending.map((row) => {
      let slug = draw(row);
      while (used.has(slug)) slug = draw(row);
      used.add(slug);
      return { row, values: valuesOf(row, slug) };
    });
    const written = await importRepo.insertMany(
      tx,
      common,
      values.map((v) => v.values),
    );
    ids.push(...written.values());
    pending = values.filter((v) => !written.has(v.values.slug)).map((v) => v.row);
  }
  return ids;
}

/**
 * `POST /posts/import`: a JSON array of statuses or articles, imported as one person's posts on one of their
 * accounts. The file as a whole (JSON, an array, not empty, not over {@link IMPORT_MAX_ROWS} rows) and the
 * form are checked first: any fault there is a 422 and nothing is written. Then every row is checked with
 * composing's rules; valid rows go in, {@link IMPORT_BATCH_ROWS} per transaction in multi-row inserts with
 * the account's counts and the public total, and the refused ones are listed by index. One audit entry
 * carries the counts, in the transaction of the last batch.
 */
export async function importPosts(
  ctx: AppContext,
  auth: AuthContext,
  request: FastifyRequest,
  locale: Locale,
): Promise<ImportPostsResult> {
  const form = await readForm(request);
  const parsedFields = ImportPostsFields.safeParse(form.fields, { reportInput: true });
  if (!parsedFields.success) throw new RequestValidationError(parsedFields.error.issues, 'body');
  const { type, user_id: userId, account_id: accountId } = parsedFields.data;
  if (!form.file?.length) throw new ValidationError({ file: ['media.no_file'] });
  if (!(await admin.userExists(ctx.db, userId))) throw new ValidationError({ user_id: ['posts.import_no_user'] });
  if (!(await importRepo.isMember(ctx.db, accountId, userId)))
    throw new ValidationError({ account_id: ['posts.import_account_not_users'] });

  const raw = rowsOf(form.file);
  const valid: ValidRow[] = [];
  let errors: ImportRowError[] = [];
  const refused = new Set<number>();
  for (const [index, item] of raw.entries()) {
    const checked = checkRow(type, item, index, locale);
    if ('ok' in checked) valid.push(checked.ok);
    else {
      refused.add(index);
      errors.push(...checked.errors);
    }
    // Thousands of rows are checked without holding up every other request meanwhile.
    if (index % 250 === 249) await new Promise((resolve) => setImmediate(resolve));
  }
  const covers = await checkCovers(ctx, userId, valid, locale);
  for (const e of covers.errors) refused.add(e.index);
  errors = [...errors, ...covers.errors].sort((a, b) => a.index - b.index);
  const rows = covers.kept;

  const summary = (imported: number, extra: Record<string, unknown> = {}) => ({
    type,
    user_id: userId,
    account_id: accountId,
    rows: raw.length,
    imported,
    refused: refused.size,
    ...extra,
  });
  const audit = (tx: Parameters<typeof recordAudit>[0], imported: number, extra?: Record<string, unknown>) =>
    recordAudit(tx, auth, {
      action: 'posts.import',
      subject_type: 'account',
      subject_id: accountId,
      before: null,
      after: summary(imported, extra),
    });

  let imported = 0;
  try {
    if (rows.length === 0) await ctx.transaction((tx) => audit(tx, 0));
    for (let start = 0; start < rows.length; start += IMPORT_BATCH_ROWS) {
      const batch = rows.slice(start, start + IMPORT_BATCH_ROWS);
      const last = start + IMPORT_BATCH_ROWS >= rows.length;
      const ids = await ctx.transaction(async (tx) => {
        // The account's row stays locked for the batch: a status change waits, so `visible` stays true.
        const visible = await accountPublicForPosting(tx, accountId, publicAccountSql('a'));
        const covers = [
          ...new Set(batch.map((r) => (r.post.url ? ctx.storage.keyOf(r.post.url) : undefined)).filter(Boolean)),
        ] as string[];
        if (covers.length) {
          const attached = await markAttached(tx, covers);
          // An upload deleted since it was checked: refuse the batch rather than leave a broken cover.
          if (covers.some((key) => !attached.has(key))) throw conflict();
        }
        const written = await insertBatch(tx, batch, { account_id: accountId, author_id: userId, type, visible });
        await repo.bumpAccountCounts(tx, accountId, type, batch.length);
        if (visible) await repo.bumpCounter(tx, VISIBLE_POSTS, batch.length);
        if (last) await audit(tx, imported + batch.length);
        return written;
      });
      imported += batch.length;
      // Imported posts reach followers' stored feeds like composed ones (those older than a stored feed's horizon
      // are read from `posts` when that far down).
      await queueFanOut(ctx, ids);
      // Their words, language and tags are worked out by the backfill, in its batches, right away.
      await ctx.jobs.send('text.backfill', {});
    }
  } catch (err) {
    // Batches already written stay (each was whole); the log says how far the import came.
    if (imported > 0) await ctx.transaction((tx) => audit(tx, imported, { interrupted: true }));
    throw err;
  }

  return {
    message:
      refused.size === 0
        ? t(locale, 'posts.imported', { count: imported })
        : t(locale, 'posts.imported_with_errors', { count: imported, refused: refused.size }),
    imported,
    errors: errors.slice(0, IMPORT_MAX_ERRORS),
    errors_count: refused.size,
  };
}
