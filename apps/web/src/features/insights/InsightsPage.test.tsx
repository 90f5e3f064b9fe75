import { daysOfMonth, type Account } from '@inkwell/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';
import { monthsOffered } from './api';
import { InsightsPage } from './InsightsPage';

const account = (over: Partial<Account> = {}): Account => ({
  id: 12,
  name: 'Maya Sketches',
  username: 'maya.sketches',
  description: 'Drawings',
  url: null,
  contact: null,
  profile_url: null,
  banner_url: null,
  organization_id: 5,
  organization: { id: 5, name: 'Maya Studio', username: 'maya_studio' },
  approved_status: 'approved',
  published_status: 'published',
  followers_count: 12,
  is_followed: false,
  bell: false,
  is_blocked: false,
  is_muted: false,
  featured: false,
  can_modify: true,
  can_delete: true,
  can_view_insights: true,
  time_zone: 'Asia/Yangon',
  created_at: '2025-01-10T00:00:00Z',
  ...over,
});

/** Likes and follower totals by month, as the server would answer them (missing days are 0). */
const LIKES: Record<string, Record<string, number>> = {
  '2026-11': { '2026-11-03': 4, '2026-11-10': 8 },
  '2026-10': { '2026-10-07': 5 },
  '2026-09': { '2026-09-01': 9 },
};
const followersOn = (date: string) => (date < '2026-10-15' ? 6 : date < '2026-11-10' ? 10 : 12);

// Mantine's combobox scrolls to the chosen option; jsdom cannot scroll.
Element.prototype.scrollIntoView ??= () => undefined;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let requests: string[];

function renderPage(answer: Account, path = `/profile/accounts/${answer.username}/insights`) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      const { pathname, searchParams } = new URL(url, 'http://inkwell.test');
      const month = searchParams.get('month') ?? '';
      if (pathname === `/api/accounts/by-username/${answer.username}`) return json({ data: answer });
      if (pathname === `/api/accounts/${answer.id}/insights/likes`)
        return json({ data: daysOfMonth(month).map((date) => ({ date, likes_count: LIKES[month]?.[date] ?? 0 })) });
      if (pathname === `/api/accounts/${answer.id}/insights/followers`)
        return json({ data: daysOfMonth(month).map((date) => ({ date, followers: followersOn(date) })) });
      return json({ code: 'not_found', message: 'Not found' }, 404);
    }),
  );
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/profile/accounts/:username/insights" element={<InsightsPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  // Only the clock: 20 November 2026, 11:30 in Yangon. Timers stay real for the queries.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T05:00:00Z'));
  queryClient.clear();
  signIn('token', sessionUser({ name: 'Maya Chen', username: 'maya' }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  signOut();
});

const region = (name: string) => screen.findByRole('region', { name });

describe('insights page', () => {
  it('draws both charts with the month’s totals and the change against the month before', async () => {
    renderPage(account());
    expect(await screen.findByRole('heading', { name: 'Insights' })).toBeInTheDocument();
    const likes = await region('Daily likes');
    expect(await within(likes).findByTestId('total')).toHaveTextContent('12');
    expect(within(likes).getByText('Likes in November 2026')).toBeInTheDocument();
    expect(within(likes).getByTestId('change')).toHaveTextContent('+7 vs October');
    // The chart, with its data as a table for screen readers: every day up to today.
    expect(likes.querySelector('.recharts-responsive-container')).not.toBeNull();
    const likesTable = within(likes).getByRole('table', { name: 'Daily likes' });
    expect(within(likesTable).getAllByRole('row')).toHaveLength(1 + 20);
    expect(within(likesTable).getByRole('row', { name: 'November 10, 2026 8' })).toBeInTheDocument();

    const followers = await region('Daily followers');
    expect(await within(followers).findByTestId('total')).toHaveTextContent('12');
    expect(within(followers).getByText('Followers now')).toBeInTheDocument();
    expect(within(followers).getByTestId('change')).toHaveTextContent('+2 vs October');
    expect(followers.querySelector('.recharts-responsive-container')).not.toBeNull();
    expect(screen.getByText(/days in Asia\/Yangon time/)).toBeInTheDocument();

    // Asked for this month and the one before (for the change), nothing else.
    const months = requests.filter((u) => u.includes('/insights/')).map((u) => u.replace(/^.*insights\//, ''));
    expect(months.sort()).toEqual(
      ['followers?month=2026-10', 'followers?month=2026-11', 'likes?month=2026-10', 'likes?month=2026-11'].sort(),
    );
  });

  it('fetches the month picked, shows a fall and explains an empty month', async () => {
    const user = userEvent.setup();
    renderPage(account());
    await within(await region('Daily likes')).findByTestId('total');

    await user.click(screen.getByLabelText('Month', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'October 2026', hidden: true }));
    await waitFor(() => expect(requests).toContain('/api/accounts/12/insights/likes?month=2026-10'));
    expect(requests).toContain('/api/accounts/12/insights/followers?month=2026-10');
    expect(requests).toContain('/api/accounts/12/insights/likes?month=2026-09');
    const likes = await region('Daily likes');
    await waitFor(() => expect(within(likes).getByTestId('total')).toHaveTextContent('5'));
    expect(within(likes).getByTestId('change')).toHaveTextContent('-4 vs September');
    const followers = await region('Daily followers');
    expect(within(followers).getByText('Followers at the end of October 2026')).toBeInTheDocument();
    expect(within(followers).getByTestId('total')).toHaveTextContent('10');
    expect(within(followers).getByTestId('change')).toHaveTextContent('+4 vs September');

    await user.click(screen.getByLabelText('Month', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'August 2026', hidden: true }));
    expect(await within(await region('Daily likes')).findByText('No likes in August 2026')).toBeInTheDocument();
    expect(within(await region('Daily likes')).getByTestId('change')).toHaveTextContent('Same as July');
    expect(within(await region('Daily likes')).queryByRole('table')).toBeNull();
  });

  it('opens the month named in the address, and tells editors the figures are for owners', async () => {
    renderPage(account(), '/profile/accounts/maya.sketches/insights?month=2026-09');
    expect(await within(await region('Daily likes')).findByText('Likes in September 2026')).toBeInTheDocument();
    expect(screen.getByLabelText('Month', { selector: 'input' })).toHaveValue('September 2026');

    vi.unstubAllGlobals();
    queryClient.clear();
    document.body.innerHTML = '';
    renderPage(account({ can_view_insights: false, time_zone: null, username: 'helper' }));
    expect(await screen.findByText("Insights are for the account's owners")).toBeVisible();
    expect(requests.some((u) => u.includes('/insights/'))).toBe(false);
  });
});

describe('month picker', () => {
  it('offers the last 24 months in the account’s zone, never a month to come nor one before the account', () => {
    const now = new Date('2026-11-30T18:00:00Z'); // already 1 December in Yangon, still November in UTC
    const months = monthsOffered(account({ created_at: '2020-01-01T00:00:00Z' }), now);
    expect(months).toHaveLength(24);
    expect(months[0]).toBe('2026-12');
    expect(months.at(-1)).toBe('2025-01');
    expect(monthsOffered(account({ time_zone: 'UTC', created_at: '2020-01-01T00:00:00Z' }), now)[0]).toBe('2026-11');
    expect(monthsOffered(account({ created_at: '2026-10-31T20:00:00Z' }), now)).toEqual(['2026-12', '2026-11']);
  });
});
