import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { createUser } from '../factories';
import { DEMO_PASSWORD, type Scenario } from './scenario';

/** Readers and creators from Myanmar, Thailand and beyond, all activated, sharing one demo password. */
export const DEMO_PEOPLE = {
  aye: { name: 'Aye Chan Moe', username: 'ayechan', locale: 'my' },
  kyaw: { name: 'Kyaw Zin Htet', username: 'kyawzin', locale: 'my' },
  su: { name: 'Su Myat Noe', username: 'su.myat', locale: 'my' },
  somchai: { name: 'Somchai Wongsa', username: 'somchai', locale: 'th' },
  nok: { name: 'Nok Srisuk', username: 'nok_srisuk', locale: 'th' },
  maya: { name: 'Maya Chen', username: 'maya', locale: 'en' },
} as const;
export type DemoHandle = keyof typeof DEMO_PEOPLE;

export const demoEmail = (handle: DemoHandle): string =>
  `${DEMO_PEOPLE[handle].username.replace('.', '')}@demo.inkwell.local`;

/** A demo person's user id, for later scenarios (undefined if an administrator removed them). */
export async function demoUserId(db: Db, handle: DemoHandle): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${demoEmail(handle)}`);
  return row?.id;
}

export const usersScenario: Scenario = {
  name: 'users',
  async run(ctx) {
    for (const handle of Object.keys(DEMO_PEOPLE) as DemoHandle[]) {
      if (await demoUserId(ctx.db, handle)) continue;
      const person = DEMO_PEOPLE[handle];
      await createUser(ctx.db, { ...person, email: demoEmail(handle), password: DEMO_PASSWORD });
    }
  },
};
