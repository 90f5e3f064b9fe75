import type {
  BlockedUser,
  BlockResult,
  MutedAccount,
  MutedWords,
  MuteResult,
  PageQuery,
  Paged,
} from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import { accountAccess, findAccount } from '../accounts';
import { mutedPattern } from './muted-pattern';
import { mayBlock, mayMute } from './safety.policy';
import * as repo from './safety.repo';

/** Blocks (or unblocks) people in one transaction; a new block is published, for what joined them to end. */
async function setBlocks(ctx: AppContext, me: number, others: number[], on: boolean): Promise<BlockResult> {
  await ctx.transaction(async (tx) => {
    if (!on) return repo.deleteBlocks(tx, me, others);
    for (const other of others) {
      if (await repo.insertBlock(tx, me, other)) {
        ctx.events.publish(tx, { type: 'user.blocked', actor_id: me, user_id: other });
      }
    }
  });
  return { is_blocked: on };
}

/** Blocks a person, whoever they are (a suspended one too); 404 for nobody, 422 for myself. */
export async function block(ctx: AppContext, auth: AuthContext, userId: number, on: boolean): Promise<BlockResult> {
  mayBlock(auth, [userId]);
  if (on && !(await repo.personExists(ctx.db, userId))) throw notFound();
  return setBlocks(ctx, auth.user.id, [userId], on);
}

/** The account as I may see it (404 otherwise): blocking or muting one starts from its page. */
async function visibleAccount(ctx: AppContext, auth: AuthContext, accountId: number) {
  const account = await findAccount(ctx.db, accountId, auth.user.id);
  if (!account || !accountAccess(auth, account).visible) throw notFound();
  return account;
}

/**
 * Blocks the owners of an account without naming them to me (an account page does not say who runs it).
 * Unblocking works on an account I can no longer see too.
 */
export async function blockAccount(
  ctx: AppContext,
  auth: AuthContext,
  accountId: number,
  on: boolean,
): Promise<BlockResult> {
  if (on) await visibleAccount(ctx, auth, accountId);
  const owners = await repo.accountOwners(ctx.db, accountId);
  if (on) mayBlock(auth, owners);
  return setBlocks(ctx, auth.user.id, owners, on);
}

export async function mute(ctx: AppContext, auth: AuthContext, accountId: number, on: boolean): Promise<MuteResult> {
  if (on) mayMute(accountAccess(auth, await visibleAccount(ctx, auth, accountId)));
  await repo.setMute(ctx.db, auth.user.id, accountId, on);
  return { is_muted: on };
}

export async function blocks(ctx: AppContext, auth: AuthContext, query: PageQuery, at: PageAt) {
  const { rows, total } = await repo.blocks(ctx.db, auth.user.id, query.per_page, offsetOf(query));
  const items = rows.map((r): BlockedUser => ({ ...r, blocked_at: new Date(r.blocked_at).toISOString() }));
  return paged(items, total, query, at) satisfies Paged<BlockedUser>;
}

export async function mutes(ctx: AppContext, auth: AuthContext, query: PageQuery, at: PageAt) {
  const { rows, total } = await repo.mutes(ctx.db, auth.user.id, query.per_page, offsetOf(query));
  const items = rows.map((r): MutedAccount => ({ ...r, muted_at: new Date(r.muted_at).toISOString() }));
  return paged(items, total, query, at) satisfies Paged<MutedAccount>;
}

export async function mutedWords(ctx: AppContext, auth: AuthContext): Promise<MutedWords> {
  return { words: await repo.mutedWords(ctx.db, auth.user.id) };
}

/**
 * A word is matched as its lower case (any script: `toLowerCase` is Unicode's, and Burmese and Thai have no
 * case); two words with one lower case are one word, the first kept as written.
 */
export async function setMutedWords(
  ctx: AppContext,
  auth: AuthContext,
  body: { words: string[] },
): Promise<MutedWords> {
  const byNeedle = new Map<string, string>();
  for (const word of body.words) {
    const needle = word.normalize('NFC').toLowerCase();
    if (!byNeedle.has(needle)) byNeedle.set(needle, word);
  }
  const words = [...byNeedle].map(([needle, word]) => ({ word, needle }));
  const pattern = mutedPattern(words.map((w) => w.needle));
  await ctx.transaction((tx) => repo.replaceMutedWords(tx, auth.user.id, words, pattern));
  return { words: words.map((w) => w.word) };
}
