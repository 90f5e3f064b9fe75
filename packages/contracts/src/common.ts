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

export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** ISO 8601 UTC timestamp as sent over the wire. */
export const Timestamp = z.string();
