/** PostgreSQL's text for a UTC timestamp (`2026-05-01 09:30:00.123456+00`), as node-postgres hands it over. */
const PG_UTC = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * ISO 8601 to the millisecond, as the API writes timestamps. A UTC timestamp's text is rewritten rather than
 * parsed (a list page carries dozens, and parsing them showed in the feeds' profile); any other form (a session
 * in another time zone, PGlite's `Date`) goes through `Date`.
 */
export function isoTimestamp(value: Date | string): string {
  const utc = typeof value === 'string' ? PG_UTC.exec(value) : null;
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  return (typeof value === 'string' ? new Date(value) : value).toISOString();
}
