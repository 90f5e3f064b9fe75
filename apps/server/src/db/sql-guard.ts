import type { Logger } from 'drizzle-orm';

/**
 * A column compared with itself (`"account_id" = "account_id"`) is always true. Drizzle writes bare column
 * names in a single-table select, so a correlated subquery built from schema objects can compile to exactly
 * that; the tests run every query through this check so such a condition fails loudly instead of granting
 * access. `"n" = "n" + 1` (an update) is not a comparison and is allowed.
 */
const SELF_COMPARISON = /(?<![\w".])((?:"\w+"|\w+)(?:\.(?:"\w+"|\w+))?)\s*(?:=|<>|!=)\s*\1(?![\w".])(?!\s*[-+*/|%])/;

export function selfComparison(query: string): string | undefined {
  return SELF_COMPARISON.exec(query)?.[0];
}

export const sqlGuardLogger: Logger = {
  logQuery(query) {
    const found = selfComparison(query);
    if (found) throw new Error(`Query compares a column with itself (${found}): ${query}`);
  },
};
