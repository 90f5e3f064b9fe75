import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { post as postFixture } from '../../test/fixtures';
import { ComposePage } from './ComposePage';

const account = {
  id: 5,
  name: 'Yangon Eats',
  username: 'yangon_eats',
  approved_status: 'approved',
  time_zone: 'Asia/Yangon',
};
let sent: { method: string; url: string; body: Record<string, unknown> | null }[] = [];
let stored = postFixture(41, { slug: 'draft-41', status: 'draft', account_id: 5, content: '', can_modify: true });

beforeEach(() => {
  queryClient.clear();
  sent = [];
  stored = postFixture(41, { slug: 'draft-41', status: 'draft', account_id: 5, content: '', can_modify: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      if (method !== 'GET') sent.push({ method, url, body });
      if (url.startsWith('/api/user/accounts')) return new Response(JSON.stringify({ data: [account] }));
      if (url === '/api/posts/slug/draft-41') return new Response(JSON.stringify({ data: stored }));
      if ((url === '/api/posts' && method === 'POST') || (url === '/api/posts/41' && method === 'PUT')) {
        stored = { ...stored, content: String(body?.content ?? '') };
        return new Response(JSON.stringify({ data: stored }), { status: method === 'POST' ? 201 : 200 });
      }
      if (url === '/api/posts/41/publish') {
        return new Response(
          JSON.stringify({ data: { ...stored, status: body?.publish_at ? 'scheduled' : 'published' } }),
        );
      }
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function renderAt(path: string) {
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/compose" element={<ComposePage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Providers>,
  );
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;

describe('the composer keeps a draft as it is written', () => {
  it('saves a few seconds after typing stops, once, then its changes to the same draft; the address opens it', async () => {
    const user = userEvent.setup();
    renderAt('/compose');
    await user.type(await screen.findByRole('textbox', { name: /What/ }), 'Morning market');
    expect(screen.getByText('Drafts are saved as you write.')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/posts',
      body: { account_id: 5, type: 'status', status: 'draft', content: 'Morning market' },
    });
    await waitFor(() => expect(address()).toBe('/compose?draft=draft-41'));
    expect(screen.getByText(/Draft saved at/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /What/ }), ' in Yangon');
    await waitFor(() => expect(sent).toHaveLength(2), { timeout: 5000 });
    expect(sent[1]).toMatchObject({
      method: 'PUT',
      url: '/api/posts/41',
      body: { content: 'Morning market in Yangon' },
    });
  }, 15_000);

  it('opens a draft where it was left, and publishing it saves the last words first, then publishes that draft', async () => {
    stored = { ...stored, content: 'Written on the phone' };
    const user = userEvent.setup();
    renderAt('/compose?draft=draft-41');
    const box = await screen.findByRole('textbox', { name: /What/ });
    expect(box).toHaveValue('Written on the phone');
    expect(screen.getByText('Draft opened where you left it.')).toBeInTheDocument();
    await user.type(box, ', finished on the laptop');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['PUT /api/posts/41', 'POST /api/posts/41/publish']),
    );
    expect(sent[0]!.body).toMatchObject({ content: 'Written on the phone, finished on the laptop' });
    expect(sent[1]!.body).toEqual({});
    await waitFor(() => expect(address()).toBe('/posts/draft-41'));
  });

  it('schedules for a time on the account’s clock', async () => {
    stored = { ...stored, content: 'For tomorrow morning' };
    const user = userEvent.setup();
    renderAt('/compose?draft=draft-41');
    await screen.findByRole('textbox', { name: /What/ });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    const when = await screen.findByLabelText(/Publish on/);
    expect(screen.getByText('In the account’s time zone (Asia/Yangon)')).toBeInTheDocument();
    await user.clear(when);
    await user.type(when, '2030-01-02T08:00');
    await user.click(screen.getByRole('button', { name: 'Schedule post' }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ url: '/api/posts/41/publish' }));
    // 08:00 in Yangon (+06:30).
    expect(sent.at(-1)!.body).toEqual({ publish_at: '2030-01-02T01:30:00.000Z' });
    await waitFor(() => expect(address()).toBe('/profile/posts?tab=drafts'));
  });
});
