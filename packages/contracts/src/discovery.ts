import { z } from 'zod';
import { Id, IdParams, PageQuery, Timestamp, dataOf, paged } from './common';
import { endpoint } from './endpoint';
import { Post } from './posts';
import { AccountHit } from './search';
import { TagParams } from './tags';
import { POST_LANGUAGES } from './text';
import { PublicUser } from './users';

/** The languages a reader may say they read (a post's `other` is no choice). */
export const READ_LANGUAGES = ['my', 'th', 'en'] as const;
export type ReadLanguage = (typeof READ_LANGUAGES)[number];

/** Topics a reader picks in onboarding: at most this many tags. */
export const ONBOARDING_TAGS_MAX = 20;

/** What the reader told onboarding; `done` once finished or skipped (it is not shown again). */
export const Onboarding = z.object({
  languages: z.array(z.enum(READ_LANGUAGES)),
  tags: z.array(z.string()),
  done: z.boolean(),
});
export type Onboarding = z.infer<typeof Onboarding>;

export const OnboardingBody = z.object({
  languages: z.array(z.enum(READ_LANGUAGES)).max(READ_LANGUAGES.length).optional(),
  tags: z.array(TagParams.shape.tag).max(ONBOARDING_TAGS_MAX, { error: 'discovery.too_many_tags' }).optional(),
  done: z.boolean().optional(),
});
export type OnboardingBody = z.input<typeof OnboardingBody>;

/**
 * Why an account is suggested, its strongest reason: readers of an account I follow follow it (`co_follow`), it
 * writes about my topics (`topic`), in my language (`language`), its readers grow fastest (`growing`), the team
 * features it (`featured`), or it is simply read (`popular`, when nothing else is known about me).
 */
export const SUGGESTION_REASONS = ['co_follow', 'topic', 'language', 'growing', 'featured', 'popular'] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];

/** A suggested account, why, and its latest post I may see (null when none). */
export const SuggestedAccount = z.object({
  account: AccountHit.extend({ is_followed: z.boolean() }),
  reason: z.enum(SUGGESTION_REASONS),
  /** The account whose readers follow this one (`co_follow`), the tag (`topic`), the language (`language`). */
  because: z.object({
    account: z.object({ id: z.number().int(), username: z.string(), name: z.string() }).optional(),
    tag: z.string().optional(),
    language: z.enum(POST_LANGUAGES).optional(),
  }),
  latest_post: Post.nullable(),
});
export type SuggestedAccount = z.infer<typeof SuggestedAccount>;

export const SuggestionsQuery = PageQuery.extend({
  /** Only suggestions for this reason (Explore's sections). */
  reason: z.enum(SUGGESTION_REASONS).optional(),
});
export type SuggestionsQuery = z.input<typeof SuggestionsQuery>;

/** Trending: engagement with time decay, over the posts of the last 48 hours. */
export const TRENDING_POSTS_HOURS = 48;
export const TrendingPostsQuery = PageQuery.extend({ language: z.enum(POST_LANGUAGES).optional() });
export type TrendingPostsQuery = z.input<typeof TrendingPostsQuery>;

/** New creators: accounts approved in the last 7 days that have posted. */
export const NEW_CREATOR_DAYS = 7;

/** A starter pack: a named list of accounts anyone can follow at once. */
export const PACK_ACCOUNTS_MAX = 50;
export const PACKS_PER_USER_MAX = 20;
/** Nobody follows more accounts than this (a follow-all that would pass it follows none). */
export const FOLLOWS_MAX = 5000;

export const Pack = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  creator: PublicUser,
  accounts_count: z.number().int(),
  /** The first few, for a card. */
  accounts: z.array(AccountHit.extend({ is_followed: z.boolean() })),
  featured: z.boolean(),
  can_modify: z.boolean(),
  created_at: Timestamp,
});
export type Pack = z.infer<typeof Pack>;

export const PackBody = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(80),
  description: z.string().trim().max(500).default(''),
  account_ids: z
    .array(Id)
    .min(1, { error: 'discovery.pack_empty' })
    .max(PACK_ACCOUNTS_MAX, { error: 'discovery.pack_too_big' }),
});
export type PackBody = z.input<typeof PackBody>;
/** A pack's fields as the server reads them (ids checked). */
export type PackFields = z.infer<typeof PackBody>;

export const PacksQuery = PageQuery.extend({
  /** Mine only (the packs I made). */
  mine: z.stringbool().optional(),
});
export type PacksQuery = z.input<typeof PacksQuery>;

export const FollowAllResult = z.object({ followed: z.number().int(), already: z.number().int() });
export type FollowAllResult = z.infer<typeof FollowAllResult>;

export const FeaturedBody = z.object({ featured: z.boolean() });

const tags = ['Discovery'] as const;
const adminTags = ['Admin: discovery'] as const;

export const discoveryApi = {
  onboarding: endpoint({
    method: 'GET',
    path: '/user/onboarding',
    response: dataOf(Onboarding),
    summary: "The reader's onboarding choices (languages pre-ticked from the interface language until saved)",
    tags,
  }),
  saveOnboarding: endpoint({
    method: 'PUT',
    path: '/user/onboarding',
    body: OnboardingBody,
    response: dataOf(Onboarding),
    summary: 'Save languages and topics, and whether onboarding is done (finished or skipped)',
    tags,
  }),
  accounts: endpoint({
    method: 'GET',
    path: '/discover/accounts',
    query: SuggestionsQuery,
    response: paged(SuggestedAccount),
    summary: 'Accounts suggested to me, best first, each with its reason and latest post (guests: popular ones)',
    tags,
  }),
  hide: endpoint({
    method: 'POST',
    path: '/discover/accounts/:id/hide',
    params: IdParams,
    response: null,
    status: 204,
    summary: 'Never suggest this account to me again',
    tags,
  }),
  posts: endpoint({
    method: 'GET',
    path: '/discover/posts',
    query: TrendingPostsQuery,
    response: paged(Post),
    summary: 'Trending posts of the last 48 hours: engagement with time decay, in one language or all',
    tags,
  }),
  newCreators: endpoint({
    method: 'GET',
    path: '/discover/new-creators',
    query: PageQuery,
    response: paged(SuggestedAccount),
    summary: 'Accounts approved in the last 7 days that have posted, newest first',
    tags,
  }),
  featured: endpoint({
    method: 'GET',
    path: '/discover/featured',
    query: PageQuery,
    response: paged(SuggestedAccount),
    summary: 'Accounts the team features, most recently featured first',
    tags,
  }),
  alsoFollowed: endpoint({
    method: 'GET',
    path: '/accounts/:id/also-followed',
    params: IdParams,
    response: dataOf(z.array(AccountHit.extend({ is_followed: z.boolean() }))),
    summary: "Accounts this account's readers also follow, most shared readers first",
    tags,
  }),
  packs: endpoint({
    method: 'GET',
    path: '/packs',
    query: PacksQuery,
    response: paged(Pack),
    summary: 'Starter packs: featured first, then newest (or mine)',
    tags,
  }),
  pack: endpoint({
    method: 'GET',
    path: '/packs/:id',
    params: IdParams,
    response: dataOf(Pack.extend({ accounts: z.array(SuggestedAccount.shape.account) })),
    summary: 'A starter pack with all its accounts (open to guests)',
    tags,
  }),
  createPack: endpoint({
    method: 'POST',
    path: '/packs',
    body: PackBody,
    response: dataOf(Pack),
    status: 201,
    summary: 'Make a starter pack (a creator, or an administrator with discovery.manage)',
    tags,
  }),
  updatePack: endpoint({
    method: 'PUT',
    path: '/packs/:id',
    params: IdParams,
    body: PackBody,
    response: dataOf(Pack),
    summary: 'Change a starter pack (its maker, or discovery.manage)',
    tags,
  }),
  removePack: endpoint({
    method: 'DELETE',
    path: '/packs/:id',
    params: IdParams,
    response: null,
    status: 204,
    summary: 'Delete a starter pack (its maker, or discovery.manage)',
    tags,
  }),
  followAll: endpoint({
    method: 'POST',
    path: '/packs/:id/follow-all',
    params: IdParams,
    response: dataOf(FollowAllResult),
    summary: 'Follow every account of a pack at once (one transaction; again changes nothing; within the follow limit)',
    tags,
  }),
  featureAccount: endpoint({
    method: 'PUT',
    path: '/accounts/:id/featured',
    params: IdParams,
    body: FeaturedBody,
    response: null,
    status: 204,
    summary: 'Feature an account in Explore and suggestions, or stop',
    permission: 'discovery.manage',
    tags: adminTags,
  }),
  featurePack: endpoint({
    method: 'PUT',
    path: '/packs/:id/featured',
    params: IdParams,
    body: FeaturedBody,
    response: null,
    status: 204,
    summary: 'Feature a starter pack first in the list of packs, or stop',
    permission: 'discovery.manage',
    tags: adminTags,
  }),
} as const;
