import type { Pack, SuggestedAccount } from '@inkwell/contracts';

/** Test data of Explore's sections and the starter packs' pages. */
export const hit = (id: number, name: string, over: Partial<SuggestedAccount['account']> = {}) => ({
  id,
  username: name.toLowerCase().replace(/\W+/g, '.'),
  name,
  description: `${name} writes here`,
  profile_url: null,
  followers_count: 5,
  is_followed: false,
  ...over,
});

export const suggestion = (id: number, name: string, over: Partial<SuggestedAccount> = {}): SuggestedAccount => ({
  account: hit(id, name),
  reason: 'popular',
  because: {},
  latest_post: null,
  ...over,
});

export const pack = (over: Partial<Pack> = {}): Pack => ({
  id: 5,
  name: 'Yangon food writers',
  description: 'Where to eat, and why',
  creator: { id: 9, name: 'Thiri Aung', username: 'thiri', profile_url: null },
  accounts_count: 2,
  accounts: [hit(3, 'Harbour Sketches'), hit(4, 'Mohinga Daily', { is_followed: true })],
  featured: false,
  can_modify: false,
  created_at: '2026-05-01T00:00:00Z',
  ...over,
});

export const paged = <T>(data: T[], page = 1, last = 1) => ({
  data,
  meta: { current_page: page, last_page: last, per_page: 20, total: data.length, links: [] },
});
