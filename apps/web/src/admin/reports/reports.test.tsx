import type { AdminReport, AdminReportDetail, Permission, ReportsSummary } from '@inkwell/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { routes } from '../../app/router';
import { getSession, signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';

const meta = (total: number) => ({ current_page: 1, last_page: 1, per_page: 20, total, links: [] });
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

const troll = { id: 9, name: 'Rude Writer', username: 'rude_writer' };

const row = (over: Partial<AdminReport> = {}): AdminReport => ({
  id: 41,
  target_type: 'comment',
  target_id: 77,
  target: {
    title: null,
    text: 'You are all idiots <b>and</b> worse',
    media: [],
    author: troll,
    url: '/posts/morning-market-ab12cd',
  },
  status: 'open',
  reasons: [
    { reason: 'harassment', count: 2 },
    { reason: 'hate', count: 1 },
  ],
  reporters_count: 3,
  action: null,
  note: null,
  resolved_by: null,
  created_at: daysAgo(3),
  updated_at: daysAgo(1),
  resolved_at: null,
  ...over,
});

const detail = (over: Partial<AdminReportDetail> = {}): AdminReportDetail => ({
  ...row(),
  reporters: [
    {
      reporter: { id: 21, name: 'Su Su', username: 'susu' },
      reason: 'harassment',
      comment: 'He keeps insulting everyone',
      created_at: daysAgo(3),
    },
    { reporter: { id: 22, name: 'Ko Ko', username: 'koko' }, reason: 'hate', comment: null, created_at: daysAgo(2) },
  ],
  author_history: [
    {
      id: 12,
      target_type: 'post',
      status: 'dismissed',
      action: 'dismiss',
      reporters_count: 1,
      created_at: daysAgo(30),
    },
  ],
  author_suspended: false,
  ...over,
});

let requests: { method: string; url: string; body?: unknown }[] = [];
let queue: AdminReport[] = [];
let shown: AdminReportDetail = detail();
let summary: ReportsSummary = { open_count: 3, oldest_open_at: daysAgo(3) };
let resolveAnswer: { status: number; body: unknown } | null = null;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const as = (permissions: Permission[]) => signIn('token', sessionUser({ id: 1, role_name: 'editor', permissions }));

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const resolveCalls = () => requests.filter((r) => r.url === '/api/admin/reports/41/resolve');

beforeEach(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
  signOut();
  queryClient.clear();
  requests = [];
  queue = [row(), row({ id: 40, target_type: 'post', target: { ...row().target, title: 'Tea shops' } })];
  shown = detail();
  summary = { open_count: 3, oldest_open_at: daysAgo(3) };
  resolveAnswer = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/user') return json({ data: getSession()!.user });
      if (url === '/api/admin/reports/summary') return json({ data: summary });
      if (url.startsWith('/api/admin/reports?')) return json({ data: queue, meta: meta(queue.length) });
      if (url === '/api/admin/reports/41') return json({ data: shown });
      if (url === '/api/admin/reports/41/resolve' && method === 'POST') {
        if (resolveAnswer) return json(resolveAnswer.body, resolveAnswer.status);
        const body = requests.at(-1)!.body as { action: AdminReportDetail['action']; note?: string };
        shown = {
          ...shown,
          status: body.action === 'dismiss' ? 'dismissed' : 'resolved',
          action: body.action,
          note: body.note ?? null,
          resolved_by: { id: 1, name: 'Aye Chan', username: 'ayechan' },
          resolved_at: '2026-02-01T00:00:00Z',
          author_suspended: body.action === 'suspend_author',
        };
        return json({ data: shown });
      }
      if (url.startsWith('/api/insights/')) return json({ data: [] });
      return json({ message: 'Not here' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The first render loads the admin chunk and its messages: slower than the default 5 s on a busy machine.
describe('reports queue', { timeout: 20_000 }, () => {
  it('lists what was reported, the main reasons, the reporters, the age and the status; a row opens its report', async () => {
    as(['reports.manage']);
    const router = renderAt('/admin/reports');
    const table = await screen.findByRole('table', { name: 'Reports' }, { timeout: 5000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Reported', 'Reasons', 'Reporters', 'First reported', 'Status']);
    const link = within(table).getByRole('link', { name: 'Open the report: You are all idiots <b>and</b> worse' });
    expect(link).toHaveAttribute('href', '/admin/reports/41');
    const first = link.closest('tr')!;
    expect(within(first).getByRole('img', { name: 'Comment' })).toBeInTheDocument();
    expect(within(first).getByText('by Rude Writer (@rude_writer)')).toBeInTheDocument();
    expect(within(first).getByText('Harassment or bullying × 2')).toBeInTheDocument();
    expect(within(first).getByText('Hate speech × 1')).toBeInTheDocument();
    expect(within(first).getByText('3')).toBeInTheDocument();
    expect(within(first).getByText('3d ago')).toBeInTheDocument();
    expect(within(first).getByText('Open')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Open the report: Tea shops' })).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/api/admin/reports?status=open&page=1')).toBe(true);

    // On a phone the row is a card: a tap anywhere on it opens the report.
    await userEvent.click(within(first).getByText('Hate speech × 1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/reports/41'));
  });

  it('says so when nothing is open, and filters by status and kind in the address', async () => {
    as(['reports.manage']);
    queue = [];
    const router = renderAt('/admin/reports');
    expect(await screen.findByRole('heading', { name: 'No open reports' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Dismissed'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=dismissed'));
    expect(await screen.findByRole('heading', { name: 'No dismissed reports' })).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/api/admin/reports?status=dismissed&page=1')).toBe(true),
    );
  });
});

describe('report detail', { timeout: 20_000 }, () => {
  it('shows the snapshot as plain text, the author, every reporter and the author’s earlier reports', async () => {
    as(['reports.manage', 'users.view', 'posts.moderate', 'users.edit']);
    renderAt('/admin/reports/41');
    expect(await screen.findByRole('heading', { name: 'Reported comment' }, { timeout: 5000 })).toBeInTheDocument();
    // Markup in a snapshot is words, never HTML.
    expect(screen.getByTestId('snapshot-text')).toHaveTextContent('You are all idiots <b>and</b> worse');
    expect(screen.getByTestId('snapshot-text').querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Rude Writer (@rude_writer)' })).toHaveAttribute(
      'href',
      '/admin/users/9/edit',
    );
    expect(screen.getByText('Not suspended')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open where it was shown' })).toHaveAttribute(
      'href',
      '/posts/morning-market-ab12cd',
    );
    const reporters = screen.getByRole('region', { name: 'Reasons and reporters' });
    expect(within(reporters).getByText('Su Su (@susu)')).toBeInTheDocument();
    expect(within(reporters).getByText('He keeps insulting everyone')).toBeInTheDocument();
    expect(within(reporters).getByText('(No comment)')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Earlier reports about Rude Writer' });
    expect(within(history).getByRole('link', { name: 'Report #12' })).toHaveAttribute('href', '/admin/reports/12');
    expect(within(history).getByText('Dismissed: no rule broken')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to reports' })).toHaveAttribute('href', '/admin/reports');
  });

  it('shows a chat report’s last messages with the reported one marked', async () => {
    as(['reports.manage']);
    shown = detail({
      target_type: 'chat_message',
      target_id: 502,
      target: {
        title: null,
        text: 'Go away',
        media: [],
        author: troll,
        url: null,
        messages: [
          { id: 501, sender: { id: 21, name: 'Su Su', username: 'susu' }, body: 'Hello', created_at: daysAgo(1) },
          { id: 502, sender: troll, body: 'Go away', created_at: daysAgo(1) },
        ],
      },
    });
    renderAt('/admin/reports/41');
    const transcript = await screen.findByRole('list', { name: "The chat's last messages" }, { timeout: 5000 });
    const items = within(transcript).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[1]!).getByText('Reported message')).toBeInTheDocument();
    expect(within(items[0]!).queryByText('Reported message')).not.toBeInTheDocument();
    // No author link without users.view, and no way to the room (only its people may open it).
    expect(screen.queryByRole('link', { name: /Rude Writer/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open where it was shown' })).not.toBeInTheDocument();
  });

  it('refuses Remove without a note (sending nothing), then removes with it and shows the decision', async () => {
    as(['reports.manage', 'posts.moderate']);
    renderAt('/admin/reports/41');
    const remove = await screen.findByRole('button', { name: 'Remove' }, { timeout: 5000 });
    await userEvent.click(remove);
    expect(await screen.findByText('Say why it is removed: its author will read this note.')).toBeInTheDocument();
    expect(screen.getByLabelText('Note')).toHaveAttribute('aria-invalid', 'true');
    expect(resolveCalls()).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Note'), '  Insults are not allowed ');
    await userEvent.click(remove);
    await waitFor(() => expect(resolveCalls()[0]?.body).toEqual({ action: 'remove', note: 'Insults are not allowed' }));
    expect(await screen.findByText('Removed. The author is told why.')).toBeInTheDocument();
    const decision = screen.getByTestId('report-decision');
    expect(within(decision).getByText('Removed')).toBeInTheDocument();
    expect(within(decision).getByText('Insults are not allowed')).toBeInTheDocument();
    expect(within(decision).getByText(/Decided by Aye Chan on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    // The queue and the badge's count are asked again.
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/admin/reports/summary').length).toBe(2));
  });

  it('dismisses with just the action, and shows the report dismissed', async () => {
    as(['reports.manage']);
    renderAt('/admin/reports/41');
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }, { timeout: 5000 }));
    await waitFor(() => expect(resolveCalls().map((r) => r.body)).toEqual([{ action: 'dismiss' }]));
    expect(await screen.findByText('Report dismissed.')).toBeInTheDocument();
    expect(within(screen.getByTestId('report-decision')).getByText('Dismissed: no rule broken')).toBeInTheDocument();
  });

  it('shows the server’s note error under the note, and its refusals in an alert', async () => {
    as(['reports.manage', 'posts.moderate']);
    resolveAnswer = {
      status: 422,
      body: {
        code: 'validation_failed',
        message: 'Please check the highlighted fields.',
        errors: { note: ['Too long.'] },
      },
    };
    renderAt('/admin/reports/41');
    await userEvent.type(await screen.findByLabelText('Note', {}, { timeout: 5000 }), 'Spam');
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Too long.')).toBeInTheDocument();
    const decision = screen.getByRole('region', { name: 'Decision' });
    expect(within(decision).queryByRole('alert')).not.toBeInTheDocument();

    resolveAnswer = {
      status: 403,
      body: { code: 'forbidden', message: 'You do not have permission to do this.' },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(await within(decision).findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
  });

  it('asks before suspending the author, and cannot suspend one already suspended', async () => {
    as(['reports.manage', 'users.edit']);
    renderAt('/admin/reports/41');
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend author' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Rude Writer?' });
    expect(resolveCalls()).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(resolveCalls().map((r) => r.body)).toEqual([{ action: 'suspend_author' }]));
    expect(await screen.findByText('Suspended now')).toBeInTheDocument();

    cleanup();
    queryClient.clear();
    shown = detail({ author_suspended: true });
    renderAt('/admin/reports/41');
    const suspend = await screen.findByRole('button', { name: 'Suspend author' }, { timeout: 5000 });
    expect(suspend).toBeDisabled();
    expect(suspend).toHaveAccessibleDescription('Rude Writer is already suspended.');
  });

  it('says why Remove is not offered without posts.moderate', async () => {
    as(['reports.manage']);
    renderAt('/admin/reports/41');
    const remove = await screen.findByRole('button', { name: 'Remove' }, { timeout: 5000 });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('Removing needs the permission to moderate posts.');
  });
});

describe('open reports count', { timeout: 20_000 }, () => {
  it('shows the count on the Reports entry, named for screen readers', async () => {
    as(['reports.manage', 'posts.view']);
    renderAt('/admin/posts');
    const nav = await screen.findByRole('navigation', { name: 'Administration' }, { timeout: 5000 });
    const entry = within(nav).getByRole('link', { name: /^Reports/ });
    expect(entry).toHaveAttribute('href', '/admin/reports');
    await waitFor(() => expect(within(entry).getByText('3 open reports')).toBeInTheDocument());
    expect(entry).toHaveAccessibleName(/Reports\s*3 open reports/);
  });

  it('says “1 open report” for one, and nothing when none waits', async () => {
    as(['reports.manage']);
    summary = { open_count: 1, oldest_open_at: daysAgo(1) };
    renderAt('/admin/reports');
    const nav = await screen.findByRole('navigation', { name: 'Administration' }, { timeout: 5000 });
    expect(await within(nav).findByText('1 open report')).toBeInTheDocument();
    cleanup();
    queryClient.clear();
    summary = { open_count: 0, oldest_open_at: null };
    renderAt('/admin/reports');
    const again = await screen.findByRole('navigation', { name: 'Administration' }, { timeout: 5000 });
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/admin/reports/summary').length).toBe(2));
    expect(within(again).queryByTestId('open-reports-badge')).not.toBeInTheDocument();
  });

  it('is neither shown nor asked for without reports.manage', async () => {
    as(['posts.view']);
    renderAt('/admin/posts');
    const nav = await screen.findByRole('navigation', { name: 'Administration' }, { timeout: 5000 });
    expect(within(nav).queryByRole('link', { name: /Reports/ })).not.toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.url.startsWith('/api/posts?'))).toBe(true));
    expect(requests.some((r) => r.url.startsWith('/api/admin/reports'))).toBe(false);
  });

  it('puts the count and the oldest report’s age on the dashboard, with the way to the queue', async () => {
    as(['insights.view', 'reports.manage']);
    renderAt('/admin');
    const card = await screen.findByRole('region', { name: 'Open reports' }, { timeout: 5000 });
    expect(await within(card).findByText('3')).toBeInTheDocument();
    expect(within(card).getByText('Oldest reported 3d ago')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Review reports' })).toHaveAttribute('href', '/admin/reports');
  });
});
