import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from './constants';

/**
 * The generic machine codes of error answers. A refusal with its own reason carries that reason's message
 * key as its code instead (`auth.not_activated`, `auth.session_expired`, `billing.trial_used`, …): a code
 * without a dot is one of these, a code with a dot names the reason. Codes are stable; messages are
 * translated and may change.
 */
export const ERROR_CODES = [
  'validation_failed',
  'bad_request',
  'invalid_input',
  'unauthenticated',
  'forbidden',
  'not_found',
  'route_not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'unavailable',
  'host_not_allowed',
] as const;
export type GenericErrorCode = (typeof ERROR_CODES)[number];
export type ErrorCode = GenericErrorCode | `${string}.${string}`;

export const ErrorBody = z.object({
  /** Stable, for programs: {@link ERROR_CODES} or a reason's message key. */
  code: z.string(),
  /** Translated, for people. */
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** The largest id the database holds (its `integer` columns): a larger one could never exist. */
export const MAX_ID = 2_147_483_647;

/**
 * Every id a request carries (paths, queries, bodies). Bounded so that an id past the integer columns is a
 * 422 here instead of an overflow in the database. One message for every wrong number: an id is never typed.
 */
export const Id = z.coerce
  .number()
  .int({ error: 'validation.invalid' })
  .min(1, { error: 'validation.invalid' })
  .max(MAX_ID, { error: 'validation.invalid' });

export const IdParams = z.object({ id: Id });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const PageLink = z.object({
  url: z.string().nullable(),
  label: z.string(),
  active: z.boolean(),
});
export type PageLink = z.infer<typeof PageLink>;

export const PageMeta = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  links: z.array(PageLink),
});
export type PageMeta = z.infer<typeof PageMeta>;

export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: PageMeta });
export type Paged<T> = { data: T[]; meta: PageMeta };

/**
 * A position in a newest-first list: the `created_at` (in microseconds since 1970, as PostgreSQL keeps it: a
 * millisecond cursor would skip or repeat rows written within the same millisecond) and the `id` of the last row
 * a page showed. Clients pass `meta.next_cursor` back as it came; its spelling is the server's to change.
 */
export interface ListCursor {
  micros: number;
  id: number;
  /** The followed feed's note that this row lies past the reader's stored feed, so the next page skips it. */
  deep?: boolean;
}

const CURSOR_PATTERN = /^([0-9a-z]{1,11})\.([0-9a-z]{1,7})(\.d)?$/;

export const encodeCursor = (key: ListCursor): string =>
  `${key.micros.toString(36)}.${key.id.toString(36)}${key.deep ? '.d' : ''}`;

/** The cursor `encodeCursor` wrote, or null for anything else (a row key no list can hold included). */
export function decodeCursor(value: string): ListCursor | null {
  const match = CURSOR_PATTERN.exec(value);
  if (!match) return null;
  const micros = parseInt(match[1]!, 36);
  const id = parseInt(match[2]!, 36);
  if (!Number.isSafeInteger(micros) || id < 1 || id > MAX_ID) return null;
  return match[3] ? { micros, id, deep: true } : { micros, id };
}

/**
 * The cursor of a list's top, for the first page of infinite scroll: a first page asked by cursor answers as a
 * cursor page (no total to count), where one asked without `before` answers by page number.
 */
export const TOP_CURSOR = encodeCursor({ micros: Number.MAX_SAFE_INTEGER, id: MAX_ID });

/** `?before=`: the rows after this cursor (older ones, in a newest-first list). */
export const Cursor = z.string().transform((value, ctx) => {
  const key = decodeCursor(value);
  if (key) return key;
  ctx.addIssue({ code: 'custom', message: 'pagination.invalid_cursor', input: value });
  return z.NEVER;
});

/**
 * A newest-first list read by page number (`page`, as every list) or, for infinite scroll, by cursor
 * (`before`, from the previous answer's `meta.next_cursor`): a cursor page costs the same however deep it
 * is and neither skips nor repeats rows when new ones arrive meanwhile. With `before`, `page` is ignored.
 */
export const CursorPageQuery = PageQuery.extend({ before: Cursor.optional() });
export type CursorPageQuery = z.infer<typeof CursorPageQuery>;

/**
 * The `meta` of a list that also pages by cursor. A page asked by number carries every {@link PageMeta}
 * field as before; a page asked by cursor carries only `per_page` and `next_cursor` (a cursor page does not
 * know its number, and counting the whole list would cost what the cursor saves). `next_cursor` is null on
 * the last page.
 */
export const CursorPageMeta = z.object({
  current_page: z.number().int().optional(),
  last_page: z.number().int().optional(),
  per_page: z.number().int(),
  total: z.number().int().optional(),
  links: z.array(PageLink).optional(),
  next_cursor: z.string().nullable(),
});
export type CursorPageMeta = z.infer<typeof CursorPageMeta>;

export const cursorPaged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: CursorPageMeta });
export type CursorPaged<T> = { data: T[]; meta: CursorPageMeta };

export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** ISO 8601 UTC timestamp as sent over the wire. */
export const Timestamp = z.string();
