import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './connect';

/*
 * Text stored before the server converted Zawgyi at its boundary is converted once, here: each table's rows
 * with Burmese letters, in id order, from a checkpoint kept in `counters` (so the pass resumes where it stopped,
 * and costs one index look-up once done). Posts are re-derived by the posts module (their `text_version`).
 */

const BATCH = 500;
const MYANMAR = '[\u1000-\u109f]';

/** The tables and text columns people write, by table: names, descriptions, comments, messages, tier texts. */
export const STORED_TEXTS: Record<string, string[]> = {
  users: ['name'],
  accounts: ['name', 'description'],
  organizations: ['name', 'description'],
  comments: ['content'],
  chat_messages: ['body'],
  membership_tiers: ['name', 'description'],
};

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '')}"`);

/** Converts one batch of one table; answers how many rows it looked at (0: the table is done). */
/** Converts a text: the new one when it was Zawgyi, else null (the caller's converter: platform/text). */
export type Convert = (text: string) => string | null;

async function batch(db: Db, convert: Convert, table: string, columns: string[]) {
  const key = `text_backfill:${table}`;
  const [mark] = await queryRows<{ value: number }>(db, sql`select value from counters where key = ${key}`);
  const after = mark?.value ?? 0;
  const anyBurmese = sql.join(
    columns.map((c) => sql`${ident(c)} ~ ${MYANMAR}`),
    sql` or `,
  );
  const rows = await queryRows<Record<string, string | null> & { id: number }>(
    db,
    sql`select id, ${sql.join(columns.map(ident), sql`, `)} from ${ident(table)}
        where id > ${after} and (${anyBurmese}) order by id limit ${BATCH}`,
  );
  let converted = 0;
  for (const row of rows) {
    const changes = columns.flatMap((c) => {
      const value = row[c];
      if (typeof value !== 'string') return [];
      const next = convert(value);
      return next === null ? [] : [sql`${ident(c)} = ${next}`];
    });
    if (changes.length === 0) continue;
    await db.execute(sql`update ${ident(table)} set ${sql.join(changes, sql`, `)} where id = ${row.id}`);
    converted += 1;
  }
  const last = rows.at(-1)?.id;
  if (last !== undefined)
    await db.execute(sql`insert into counters (key, value) values (${key}, ${last})
                         on conflict (key) do update set value = excluded.value`);
  return { seen: rows.length, converted };
}

/** One pass over every table, a few batches each; answers the rows converted (the job runs again later). */
export async function convertStoredTexts(db: Db, convert: Convert, maxBatches = 20): Promise<number> {
  let converted = 0;
  for (const [table, columns] of Object.entries(STORED_TEXTS)) {
    for (let i = 0; i < maxBatches; i++) {
      const done = await batch(db, convert, table, columns);
      converted += done.converted;
      if (done.seen < BATCH) break;
    }
  }
  return converted;
}
