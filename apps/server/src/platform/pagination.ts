import type { Locale, PageLink, PageMeta, PageQuery, Paged } from '@inkwell/contracts';
import { t } from './i18n';

export interface PageMetaInput {
  page: number;
  perPage: number;
  total: number;
  /** Absolute URL of the list without `page` (other query parameters kept). */
  url: string;
  locale: Locale;
}

/** Pages shown around the current one before the list is cut with `...`. */
const WINDOW = 3;

const pageUrl = (url: string, page: number): string => {
  const u = new URL(url);
  u.searchParams.set('page', String(page));
  return u.toString();
};

/** The contract's `meta`: numbers plus ready-made links (previous, pages with gaps, next). */
export function pageMeta({ page, perPage, total, url, locale }: PageMetaInput): PageMeta {
  const last = Math.max(1, Math.ceil(total / perPage));
  const links: PageLink[] = [
    {
      url: page > 1 ? pageUrl(url, Math.min(page - 1, last)) : null,
      label: t(locale, 'pagination.previous'),
      active: false,
    },
  ];
  const shown = new Set<number>([1, 2, last - 1, last]);
  // A fixed number of steps: a loop bounded by the client's page number never ends above 2^53.
  for (let step = -WINDOW; step <= WINDOW; step++) shown.add(page + step);
  let previous = 0;
  for (const n of [...shown].filter((n) => n >= 1 && n <= last).sort((a, b) => a - b)) {
    if (n > previous + 1) links.push({ url: null, label: '...', active: false });
    links.push({ url: pageUrl(url, n), label: String(n), active: n === page });
    previous = n;
  }
  links.push({ url: page < last ? pageUrl(url, page + 1) : null, label: t(locale, 'pagination.next'), active: false });
  return { current_page: page, last_page: last, per_page: perPage, total, links };
}

/** Where a list's page links point (the request's public URL) and the language of their labels. */
export interface PageAt {
  url: string;
  locale: Locale;
}

export const offsetOf = (q: PageQuery): number => (q.page - 1) * q.per_page;

export function paged<T>(data: T[], total: number, q: PageQuery, at: PageAt): Paged<T> {
  return { data, meta: pageMeta({ page: q.page, perPage: q.per_page, total, ...at }) };
}

/** The public URL of the current request, for page links. */
export function requestUrl(publicUrl: string, rawUrl: string): string {
  return new URL(rawUrl, `${publicUrl}/`).toString();
}
