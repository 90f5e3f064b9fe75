import {
  PACKS_PER_USER_MAX,
  READ_LANGUAGES,
  type FollowAllResult,
  type Locale,
  type Onboarding,
  type OnboardingBody,
  type Pack,
  type PackFields,
  type Paged,
  type PageQuery,
  type Post,
  type ReadLanguage,
  type SuggestedAccount,
  type SuggestionReason,
} from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import { recordAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { forbidden, notFound, ValidationError } from '../../platform/errors';

import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import { accountAccess, findAccount } from '../accounts';
import { followMany } from '../follows';
import { listedPosts } from '../posts';
import { mayMakePacks, mayModifyPack } from './discovery.policy';
import * as repo from './discovery.repo';
import * as onboardingRepo from './onboarding.repo';
import * as packsRepo from './packs.repo';

/** The interface language, when it is one a reader may read (always, today). */
const asReadLanguage = (locale: Locale): ReadLanguage =>
  (READ_LANGUAGES as readonly string[]).includes(locale) ? (locale as ReadLanguage) : 'en';

/** What onboarding knows; before it is saved, the interface language is pre-ticked. */
export async function onboarding(ctx: AppContext, auth: AuthContext, locale: Locale): Promise<Onboarding> {
  const row = await onboardingRepo.find(ctx.db, auth.user.id);
  return row
    ? { languages: row.languages as ReadLanguage[], tags: row.tags, done: row.done }
    : { languages: [asReadLanguage(locale)], tags: [], done: false };
}

export async function saveOnboarding(
  ctx: AppContext,
  auth: AuthContext,
  body: OnboardingBody,
  locale: Locale,
): Promise<Onboarding> {
  const now = await onboarding(ctx, auth, locale);
  const row = await onboardingRepo.save(ctx.db, auth.user.id, {
    languages: [...new Set(body.languages ?? now.languages)],
    tags: [...new Set(body.tags ?? now.tags)],
    done: body.done ?? false,
  });
  return { languages: row.languages as ReadLanguage[], tags: row.tags, done: row.done };
}

/** The reader as the ranking sees them: their languages (the interface's until they say) and their topics. */
async function readerOf(ctx: AppContext, auth: AuthContext | null, locale: Locale): Promise<repo.Reader> {
  if (!auth) return { viewer: 0, languages: [asReadLanguage(locale)], tags: [] };
  const [row, followed] = await Promise.all([
    onboardingRepo.find(ctx.db, auth.user.id),
    onboardingRepo.followedTags(ctx.db, auth.user.id),
  ]);
  const languages = row?.languages.length ? row.languages : [asReadLanguage(locale)];
  return { viewer: auth.user.id, languages, tags: [...new Set([...(row?.tags ?? []), ...followed])] };
}

/** Rows as cards, each with its latest post as the viewer may see it (one query for all of them). */
async function cards(
  ctx: AppContext,
  auth: AuthContext | null,
  rows: repo.SuggestionRow[],
): Promise<SuggestedAccount[]> {
  const posts = await listedPosts(
    ctx,
    auth,
    rows.flatMap((r) => (r.latest_post_id ? [r.latest_post_id] : [])),
  );
  const byId = new Map<number, Post>(posts.map((p) => [p.id, p]));
  return rows.map((r) => ({
    account: {
      id: r.id,
      username: r.username,
      name: r.name,
      description: r.description,
      profile_url: r.profile_url,
      followers_count: r.followers_count,
      is_followed: r.is_followed,
    },
    reason: r.reason,
    because: {
      ...(r.reason === 'co_follow' && r.via_id
        ? { account: { id: r.via_id, username: r.via_username!, name: r.via_name! } }
        : {}),
      ...(r.reason === 'topic' && r.topic ? { tag: r.topic } : {}),
      ...(r.reason === 'language' ? { language: r.language as ReadLanguage } : {}),
    },
    latest_post: (r.latest_post_id && byId.get(r.latest_post_id)) || null,
  }));
}

const window = (q: PageQuery) => ({ limit: q.per_page, offset: offsetOf(q) });

export async function suggestions(
  ctx: AppContext,
  auth: AuthContext | null,
  q: PageQuery & { reason?: SuggestionReason },
  at: PageAt,
): Promise<Paged<SuggestedAccount>> {
  const reader = await readerOf(ctx, auth, at.locale);
  const rows = await repo.suggested(ctx.db, reader, { ...window(q), reason: q.reason });
  return paged(await cards(ctx, auth, rows), rows[0]?.total ?? 0, q, at);
}

export async function accountsBy(
  ctx: AppContext,
  auth: AuthContext | null,
  rule: 'new_creators' | 'featured',
  q: PageQuery,
  at: PageAt,
): Promise<Paged<SuggestedAccount>> {
  const rows = await repo.accountCards(ctx.db, auth?.user.id ?? 0, rule, { ...window(q), now: new Date() });
  return paged(await cards(ctx, auth, rows), rows[0]?.total ?? 0, q, at);
}

export async function hide(ctx: AppContext, auth: AuthContext, accountId: number): Promise<void> {
  const account = await findAccount(ctx.db, accountId, auth.user.id);
  if (!account || !accountAccess(auth, account).visible) throw notFound();
  await repo.hide(ctx.db, auth.user.id, accountId);
}

export async function trendingPosts(
  ctx: AppContext,
  auth: AuthContext | null,
  q: PageQuery & { language?: string },
  at: PageAt,
): Promise<Paged<Post>> {
  const { ids, total } = await repo.trending(ctx.db, q.language, q.per_page, offsetOf(q));
  return paged(await listedPosts(ctx, auth, ids), total, q, at);
}

/** Up to six accounts the account's readers also follow; 404 for an account the viewer may not see. */
export async function alsoFollowed(ctx: AppContext, auth: AuthContext | null, accountId: number) {
  const account = await findAccount(ctx.db, accountId, auth?.user.id ?? null);
  if (!account || !accountAccess(auth, account).visible) throw notFound();
  return repo.alsoFollowed(ctx.db, auth?.user.id ?? 0, accountId, 6);
}

/* Starter packs. */

/** Accounts on a pack's card. */
const CARD_ACCOUNTS = 4;

function toPack(row: packsRepo.PackRow, accounts: packsRepo.PackAccountRow[], auth: AuthContext | null): Pack {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    creator: {
      id: row.user_id,
      name: row.creator_name,
      username: row.creator_username,
      profile_url: row.creator_profile_url,
    },
    accounts_count: row.accounts_count,
    accounts: accounts.map(({ pack_id: _pack, ...a }) => a),
    featured: row.featured_at !== null,
    can_modify: mayModifyPack(auth, row),
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function packs(
  ctx: AppContext,
  auth: AuthContext | null,
  q: PageQuery & { mine?: boolean },
  at: PageAt,
): Promise<Paged<Pack>> {
  if (q.mine && !auth) return paged([], 0, q, at);
  const rows = await packsRepo.list(ctx.db, { ...window(q), userId: q.mine ? auth!.user.id : undefined });
  const accounts = await packsRepo.accountsOf(
    ctx.db,
    auth?.user.id ?? 0,
    rows.map((r) => r.id),
    CARD_ACCOUNTS,
  );
  return paged(
    rows.map((r) =>
      toPack(
        r,
        accounts.filter((a) => a.pack_id === r.id),
        auth,
      ),
    ),
    rows[0]?.total ?? 0,
    q,
    at,
  );
}

export async function pack(ctx: AppContext, auth: AuthContext | null, id: number): Promise<Pack> {
  const row = await packsRepo.byId(ctx.db, id);
  if (!row) throw notFound();
  const accounts = await packsRepo.accountsOf(ctx.db, auth?.user.id ?? 0, [id], Number.MAX_SAFE_INTEGER);
  return toPack(row, accounts, auth);
}

/** The accounts as given, each once, all of them public (422 on the field otherwise). */
async function checkedAccounts(tx: Parameters<typeof packsRepo.publicIds>[0], ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const visible = new Set(await packsRepo.publicIds(tx, unique));
  if (unique.some((id) => !visible.has(id))) throw new ValidationError({ account_ids: ['discovery.pack_accounts'] });
  return unique;
}

export async function createPack(ctx: AppContext, auth: AuthContext, body: PackFields): Promise<Pack> {
  const id = await ctx.transaction(async (tx) => {
    if (!mayMakePacks(auth, await packsRepo.isCreator(tx, auth.user.id)))
      throw forbidden('discovery.packs_creators_only');
    if ((await packsRepo.countOf(tx, auth.user.id)) >= PACKS_PER_USER_MAX) throw forbidden('discovery.packs_limit');
    const accounts = await checkedAccounts(tx, body.account_ids);
    const packId = await packsRepo.insert(tx, auth.user.id, body.name, body.description ?? '');
    await packsRepo.setAccounts(tx, packId, accounts);
    return packId;
  });
  return pack(ctx, auth, id);
}

/** The pack, when the person may change it: 404 when there is none, 403 when it is someone else's. */
async function modifiable(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await packsRepo.byId(ctx.db, id);
  if (!row) throw notFound();
  if (!mayModifyPack(auth, row)) throw forbidden();
  return row;
}

export async function updatePack(ctx: AppContext, auth: AuthContext, id: number, body: PackFields): Promise<Pack> {
  const before = await modifiable(ctx, auth, id);
  await ctx.transaction(async (tx) => {
    const accounts = await checkedAccounts(tx, body.account_ids);
    await packsRepo.update(tx, id, body.name, body.description ?? '');
    await packsRepo.setAccounts(tx, id, accounts);
    // Someone else's pack changed by an administrator is on the record.
    if (before.user_id !== auth.user.id)
      await recordAudit(tx, auth, {
        action: 'discovery.pack_edit',
        subject_type: 'pack',
        subject_id: id,
        before: { name: before.name, description: before.description },
        after: { name: body.name, description: body.description ?? '', account_ids: accounts },
      });
  });
  return pack(ctx, auth, id);
}

export async function removePack(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  const before = await modifiable(ctx, auth, id);
  await ctx.transaction(async (tx) => {
    await packsRepo.remove(tx, id);
    if (before.user_id !== auth.user.id)
      await recordAudit(tx, auth, {
        action: 'discovery.pack_delete',
        subject_type: 'pack',
        subject_id: id,
        before: { name: before.name },
      });
  });
}

/** Follows every account of the pack the person may follow: one transaction, idempotent, within the limit. */
export async function followAll(ctx: AppContext, auth: AuthContext, id: number): Promise<FollowAllResult> {
  const row = await packsRepo.byId(ctx.db, id);
  if (!row) throw notFound();
  return followMany(ctx, auth, await packsRepo.accountIds(ctx.db, id));
}

/* Featuring (discovery.manage, audited). */

export async function featureAccount(ctx: AppContext, auth: AuthContext, id: number, featured: boolean) {
  await ctx.transaction(async (tx) => {
    const changed = await repo.setAccountFeatured(tx, id, featured);
    if (!changed) throw notFound();
    await recordAudit(tx, auth, {
      action: 'discovery.feature',
      subject_type: 'account',
      subject_id: id,
      before: { featured: changed.was },
      after: { featured },
    });
  });
}

export async function featurePack(ctx: AppContext, auth: AuthContext, id: number, featured: boolean) {
  await ctx.transaction(async (tx) => {
    const before = await packsRepo.byId(tx, id);
    if (!before || !(await packsRepo.setFeatured(tx, id, featured))) throw notFound();
    await recordAudit(tx, auth, {
      action: 'discovery.feature',
      subject_type: 'pack',
      subject_id: id,
      before: { featured: before.featured_at !== null },
      after: { featured },
    });
  });
}
