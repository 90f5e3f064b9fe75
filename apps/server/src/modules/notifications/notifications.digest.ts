import type { DomainEventOf } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';
import { t } from '../../platform/i18n';
import * as facts from './notifications.facts';
import { targetsOf, write, type Draft } from './notifications.repo';

/** The weekly digest (kind `digest`, off until turned on): the accounts' names, and how many more there were. */
export async function digest(tx: Tx, event: DomainEventOf<'discovery.digest'>): Promise<number[]> {
  const accounts = await queryRows<{ id: number; name: string; profile_url: string | null }>(
    tx as Db,
    sql`select id, name, profile_url from accounts
        where id = any(${sql.param(event.account_ids)}::int[]) order by array_position(${sql.param(event.account_ids)}::int[], id)`,
  );
  if (accounts.length === 0) return [];
  const draft: Draft = {
    kind: 'digest',
    actor_id: null,
    icon: accounts[0]!.profile_url ?? facts.APP_ICON,
    url: '/explore',
    tag: 'digest',
    payload: { account_ids: event.account_ids },
    text: (locale) => ({
      title: t(locale, 'notifications.digest_title'),
      body: t(locale, 'notifications.digest', {
        accounts: accounts.map((a) => a.name).join(', '),
        more: event.more,
      }),
    }),
  };
  return write(tx, await targetsOf(tx, [event.user_id], 'digest', null), draft);
}
