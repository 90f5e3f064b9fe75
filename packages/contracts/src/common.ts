import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './constants';

export const ErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
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
