import { createHash } from 'node:crypto';

type Run = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * `count` activated people `person1…personN` (`@<tag>.test`) with a sign-in token each, inserted hashed as the
 * server keeps them: person i signs in with `tokenOf(i)`. Answers their ids in order.
 */
export async function peopleWithTokens(
  run: Run,
  count: number,
  tag: string,
  tokenOf: (i: number) => string,
): Promise<number[]> {
  await run(`insert into users (name, username, email, password_hash, role_id, email_verified_at)
             select 'Person ' || i, 'person' || i, 'person' || i || '@${tag}.test', 'x', (select id from roles where name = 'user'), now()
             from generate_series(1, ${count}) i`);
  await run(
    `insert into access_tokens (user_id, device_name, token_hash)
     select u.id, $2, h.hash from unnest($1::text[]) with ordinality as h(hash, n) join users u on u.username = 'person' || h.n`,
    [Array.from({ length: count }, (_, i) => sha256(tokenOf(i + 1))), tag],
  );
  const { rows } = await run(
    `select id from users where username like 'person%' order by substring(username from 7)::int`,
  );
  return rows.map((r) => r.id as number);
}

/** An approved organization and creator account `<tag>_account` owned by `owner`; answers the account's id. */
export async function creatorAccount(run: Run, owner: number, tag: string): Promise<number> {
  const idOf = async (text: string, values: unknown[]) => (await run(text, values)).rows[0]!.id as number;
  const org = await idOf(
    `insert into organizations (user_id, name, username, description, approved_status)
     values ($1, $2 || ' Org', $2 || '_org', $2, 'approved') returning id`,
    [owner, tag],
  );
  const account = await idOf(
    `insert into accounts (organization_id, name, username, description, approved_status)
     values ($1, $2 || ' Account', $2 || '_account', $2, 'approved') returning id`,
    [org, tag],
  );
  await run(`insert into account_users (account_id, user_id, role) values ($1, $2, 'owner')`, [account, owner]);
  return account;
}
