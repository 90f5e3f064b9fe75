import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { preparedDb, type Db } from './connect';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Runs a hot read as a named prepared statement: PostgreSQL parses and plans it once per connection instead
 * of on every request (for the feeds' page queries planning cost more than running them). The name comes from
 * the statement's text, so two shapes of one query never share a name. Meant for a fixed set of statements:
 * each distinct text stays prepared on every pooled connection. On PGlite the name is ignored.
 */
export async function preparedRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const compiled = dialect.sqlToQuery(query);
  const prepared = preparedDb(db)._.session.prepareQuery(compiled, undefined, nameOf(compiled.sql), false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}

const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}
