import { words } from '@inkwell/contracts';

/*
 * A search hit's snippet: the stretch of its text around the first word found, every character escaped, and each
 * word of the query (or the query itself, where it was found inside a longer word) wrapped in <mark>. Words are
 * ICU's, so a Thai or Burmese word is marked inside unspaced text.
 */

const SNIPPET_CHARS = 160;
const BEFORE_CHARS = 40;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Range {
  start: number;
  end: number;
}

/** Where the query's words are in the text (by word), else where the whole query is (inside a longer word). */
function found(text: string, query: string): Range[] {
  const wanted = new Set(words(query).map((w) => w.word));
  const ranges: Range[] = [];
  if (wanted.size > 0)
    for (const w of words(text)) if (wanted.has(w.word)) ranges.push({ start: w.index, end: w.index + w.word.length });
  if (ranges.length > 0) return ranges;
  const needle = query.trim().toLocaleLowerCase('en');
  if (!needle) return [];
  const haystack = text.toLocaleLowerCase('en');
  for (let at = haystack.indexOf(needle); at >= 0 && ranges.length < 20; at = haystack.indexOf(needle, at + 1))
    ranges.push({ start: at, end: at + needle.length });
  return ranges;
}

/** Escaped HTML: at most about 160 characters of `text`, starting a little before the first match. */
export function highlight(text: string, query: string): string {
  const source = text.normalize('NFC');
  const ranges = found(source, query);
  const first = ranges[0]?.start ?? 0;
  // Start at a word's beginning a little before the first match, so the snippet does not open mid-word.
  let from = Math.max(0, first - BEFORE_CHARS);
  if (from > 0) {
    const boundary = words(source.slice(from, first + 1))[0];
    from = boundary ? from + boundary.index : first;
  }
  const to = Math.min(source.length, from + SNIPPET_CHARS);
  let html = from > 0 ? '…' : '';
  let at = from;
  for (const r of ranges) {
    if (r.start < at || r.end > to) continue;
    html += escapeHtml(source.slice(at, r.start)) + `<mark>${escapeHtml(source.slice(r.start, r.end))}</mark>`;
    at = r.end;
  }
  html += escapeHtml(source.slice(at, to));
  return to < source.length ? `${html}…` : html;
}
