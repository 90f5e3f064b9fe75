import type { InsightsTotals } from '@inkwell/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { shortDay, shortMonth } from '../../lib/dates';
import { sessionUser } from '../../test/fixtures';
import { DashboardPage } from './DashboardPage';

const TOTALS: InsightsTotals = {
  users: 1234,
  accounts: 56,
  subscriptions: 7,
  posts: 8901,
  photos: 234,
  likes: 56789,
  comments: 4321,
};
const NAMES = ['Users', 'Accounts', 'Subscriptions', 'Posts', 'Photos', 'Likes', 'Comments'];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let releaseTotals: (response: Response) => void;

function renderDashboard(totals: 'pending' | 'fails') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/insights/total')) {
        if (totals === 'fails') return json({ code: 'forbidden', message: 'No' }, 403);
        return new Promise<Response>((resolve) => (releaseTotals = resolve));
      }
      if (url.startsWith('/api/insights/posts/daily')) return json({ data: [{ date: '2026-11-23', posts_count: 4 }] });
      if (url.startsWith('/api/insights/posts/monthly')) return json({ data: [{ month: '2026-11', posts_count: 40 }] });
      return json({}, 404);
    }),
  );
  render(
    <Providers>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  queryClient.clear();
  signIn('token', sessionUser({ name: 'Root Admin', role_name: 'admin', permissions: ['insights.view'] }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('dashboard', () => {
  it('shows a spinner in each of the seven tiles, then each number with its description', async () => {
    renderDashboard('pending');
    expect(screen.getByRole('heading', { name: 'Welcome, Root Admin' })).toBeInTheDocument();
    for (const name of NAMES) {
      const tile = screen.getByRole('region', { name });
      expect(within(tile).getByLabelText('Loading…')).toBeInTheDocument();
    }
    releaseTotals(json({ data: TOTALS }));
    expect(await within(screen.getByRole('region', { name: 'Users' })).findByText('1,234')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Likes' })).getByText('56,789')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Photos' })).getByText('Photo and gallery posts')).toBeVisible();
    expect(screen.queryByLabelText('Loading…', { selector: '[data-testid^=tile] *' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Daily Posts' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Monthly Posts' })).toBeInTheDocument();
  });

  it('swallows a failed load: each tile shows a dash instead of spinning forever', async () => {
    renderDashboard('fails');
    for (const name of NAMES) {
      const tile = screen.getByRole('region', { name });
      expect(await within(tile).findByText('Not available right now')).toBeInTheDocument();
      expect(within(tile).queryByLabelText('Loading…')).toBeNull();
    }
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names chart days and months in the reader’s language, as UTC dates', () => {
    expect(shortDay('2026-11-23', 'en')).toBe('Nov 23');
    expect(shortDay('2026-01-01', 'my')).toBe('၁ ဇန်နဝါရီ');
    expect(shortMonth('2026-11', 'en')).toBe('Nov 2026');
    expect(shortMonth('2026-11', 'my')).toBe('နိုဝင်ဘာ ၂၀၂၆');
    expect(shortMonth('2026-11', 'th')).toMatch(/2569/);
  });
});
