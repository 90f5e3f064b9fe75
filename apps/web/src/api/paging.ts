import type { PageMeta } from '@inkwell/contracts';

/** The next page of a list paged by number (`meta.current_page` of `meta.last_page`), or none after the last. */
export const nextPageOf = (last: { meta: PageMeta }) =>
  last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined;
