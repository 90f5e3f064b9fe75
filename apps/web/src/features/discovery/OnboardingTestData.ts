import type { Onboarding, SuggestedAccount } from '@inkwell/contracts';
import { post } from '../../test/fixtures';

/* Test data of onboarding and the suggestions (the feed's, the account page's). */

export const onboarding = (over: Partial<Onboarding> = {}): Onboarding => ({
  languages: ['my'],
  tags: [],
  done: false,
  ...over,
});

export const suggested = (id: number, name: string, over: Partial<SuggestedAccount> = {}): SuggestedAccount => ({
  account: {
    id,
    username: name.toLowerCase().replace(/\W+/g, '_'),
    name,
    description: `${name} writes here`,
    profile_url: null,
    followers_count: 12,
    is_followed: false,
  },
  reason: 'popular',
  because: {},
  latest_post: post(100 + id, { content: `Latest words of ${name}` }),
  ...over,
});

export const pageOf = <T>(data: T[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 10, total: data.length, links: [] },
});

/** What `POST /accounts/{id}/follow` answers. */
export const followed = [200, { is_followed: true, followers_count: 13, bell: false }] as const;
