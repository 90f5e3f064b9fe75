import type { SessionUser } from '@inkwell/contracts';

/** A signed-in reader as `GET /api/user` answers, with any field overridden. */
export const sessionUser = (over: Partial<SessionUser> = {}): SessionUser => ({
  id: 7,
  name: 'Aye Chan',
  username: 'ayechan',
  email: 'aye@example.test',
  profile_url: null,
  dob: null,
  locale: 'en',
  role_name: 'user',
  permissions: [],
  can_compose: false,
  create_account: false,
  has_account: false,
  logins: [],
  plan: null,
  active_plan: null,
  active_subscription: null,
  subscriptions: [],
  email_verified_at: '2026-01-01T00:00:00Z',
  created_at: '2026-01-01T00:00:00Z',
  ...over,
});
