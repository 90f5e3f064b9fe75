import type { AdminPost, ImportPostsResult, Permission, Post } from '@inkwell/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

const row = (over: Partial<AdminPost> = {}): AdminPost => ({
  id: 31,
  slug: 'morning-market-ab12cd',
  type: 'status',
  title: null,
  content: 'Morning market in Yangon: the first mangoes of the season are here.',
  status: 'published',
  rejected_reason: null,
  account: { id: 3, username: 'yangon_voices', name: 'Yangon Voices', profile_url: null },
  likes_count: 1200,
  comments_count: 4,
  created_at: '2026-01-05T00:00:00Z',
  ...over,
});

const post = (over: Partial<Post> = {}): Post => ({
  id: 31,
  slug: 'morning-market-ab12cd',
  type: 'status',
  title: null,
  content: 'Morning market in Yangon',
  url: null,
  featured_photo_url: null,
  featured_photo_alt: null,
  hls_url: null,
  thumbnails_url: null,
  low_data_url: null,
  photos: [],
  account_id: 3,
  account: { id: 3, username: 'yangon_voices', name: 'Yangon Voices', profile_url: null },
  likes_count: 7,
  comments_count: 2,
  liked: false,
  is_blocked: false,
  is_muted: false,
  min_tier: null,
  locked: false,
  visibility: 'public',
  blurred_cover_url: null,
  language: 'en',
  tags: [],
  mentions: [],
  can_modify: true,
  can_delete: true,
  status: 'published',
  rejected_reason: null,
  rejected_at: null,
  publish_at: null,
  edited_at: null,
  pin_position: null,
  created_at: '2026-01-05T00:00:00Z',
  updated_at: '2026-01-05T00:00:00Z',
  ...over,
});

let requests: { method: string; url: string; body?: unknown }[] = [];
let shown: Post = post();
let importAnswer: { status: number; body: unknown } = { status: 200, body: {} };
let sentForm: FormData | null = null;

/** The upload goes through XHR (for its progress): half the file, then the answer. */
class FakeXhr {
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  responseText = '';
  open() {}
  setRequestHeader() {}
  send(form: FormData) {
    sentForm = form;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        this.status = importAnswer.status;
        this.responseText = JSON.stringify(importAnswer.body);
        this.onload?.();
      }, 20);
    }, 20);
  }
  abort() {}
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const as = (permissions: Permission[]) => signIn('token', sessionUser({ id: 1, role_name: 'editor', permissions }));

const accountInput = () => screen.getAllByLabelText('Account').find((el) => el.tagName === 'INPUT');

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
  signOut();
  queryClient.clear();
  requests = [];
  shown = post();
  sentForm = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/user') return json({ data: getSession()!.user });
      if (url.startsWith('/api/posts?'))
        return json({
          data: [row(), row({ id: 30, type: 'post', title: 'Tea shops', status: 'rejected', rejected_reason: 'Spam' })],
          meta: meta(2),
        });
      if (url === `/api/posts/slug/${shown.slug}`) return json({ data: shown });
      if (url === '/api/posts/31/reject' && method === 'POST') {
        const reason = (requests.at(-1)!.body as { reason: string }).reason;
        shown = { ...shown, status: 'rejected', rejected_reason: reason, rejected_at: '2026-02-01T00:00:00Z' };
        return json({ data: shown });
      }
      if (url === '/api/posts/31/restore' && method === 'POST') {
        shown = { ...shown, status: 'published', rejected_reason: null, rejected_at: null };
        return json({ data: shown });
      }
      if (url.startsWith('/api/users?'))
        return json({
          data: [{ id: 9, name: 'Aye Chan', username: 'ayechan', profile_url: null, email: 'aye@demo.test' }],
          meta: meta(1),
        });
      if (url.startsWith('/api/users/9/accounts'))
        return json({
          data: [
            {
              id: 3,
              name: 'Yangon Voices',
              username: 'yangon_voices',
              profile_url: null,
              approved_status: 'approved',
              published_status: 'published',
              role: 'owner',
            },
          ],
          meta: meta(1),
        });
      return json({ message: 'Not here' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The first render loads the admin chunk and its messages: slower than the default 5 s on a busy machine.
describe('posts table', { timeout: 20_000 }, () => {
  it('shows the spec columns: linked id, named type icon, cut content, linked account, counts, date', async () => {
    as(['posts.view']);
    renderAt('/admin/posts');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Type', 'Content', 'Account', 'Likes', 'Comments', 'Created']);
    const first = within(table).getByRole('link', { name: 'Open post 31' }).closest('tr')!;
    expect(within(first).getByRole('link', { name: 'Open post 31' })).toHaveAttribute(
      'href',
      '/admin/posts/morning-market-ab12cd',
    );
    expect(within(first).getByRole('img', { name: 'Note' })).toBeInTheDocument();
    const content = within(first).getByText(/Morning market in Yangon/);
    expect(content).toHaveStyle({ maxWidth: '150px' });
    expect(within(first).getByRole('link', { name: /@yangon_voices/ })).toHaveAttribute('href', '/a/yangon_voices');
    expect(within(first).getByText('1,200')).toBeInTheDocument();
    expect(within(first).getByText(/January 5, 2026|5 January 2026/)).toBeInTheDocument();
    const second = within(table).getByRole('link', { name: 'Open post 30' }).closest('tr')!;
    expect(within(second).getByRole('img', { name: 'Article' })).toBeInTheDocument();
    expect(within(second).getByText('Rejected')).toBeInTheDocument();
  });

  it('searches on Enter and filters by type, keeping both in the address', async () => {
    as(['posts.view']);
    const router = renderAt('/admin/posts');
    const box = await screen.findByLabelText('Search posts', {}, { timeout: 5000 });
    await userEvent.type(box, 'mango');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?q=mango'));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/posts?q=mango&page=1')).toBe(true));
    await userEvent.click(screen.getAllByLabelText('Type').find((el) => el.tagName === 'INPUT')!);
    await userEvent.click(await screen.findByRole('option', { name: 'Audio', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=mango&type=audio'));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/posts?q=mango&type=audio&page=1')).toBe(true));
  });
});

describe('post detail', { timeout: 20_000 }, () => {
  it('shows slug, type, counts and the author account; rejects with a required reason, then restores', async () => {
    as(['posts.view', 'posts.moderate']);
    renderAt('/admin/posts/morning-market-ab12cd');
    expect(await screen.findByDisplayValue('morning-market-ab12cd', {}, { timeout: 5000 })).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Type')).toHaveValue('Note');
    expect(screen.getByRole('link', { name: /Yangon Voices \(@yangon_voices\)/ })).toHaveAttribute(
      'href',
      '/a/yangon_voices',
    );
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/admin/posts');

    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject post' }));
    expect(within(dialog).getByText('Write a reason of at least 3 characters.')).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/api/posts/31/reject')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Advertising is not allowed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject post' }));
    await waitFor(() =>
      expect(requests.find((r) => r.url === '/api/posts/31/reject')?.body).toEqual({
        reason: 'Advertising is not allowed',
      }),
    );
    expect(await screen.findByText('Advertising is not allowed')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/posts/31/restore')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('offers no Reject or Restore without posts.moderate', async () => {
    as(['posts.view']);
    shown = post({ status: 'rejected', rejected_reason: 'Spam', rejected_at: '2026-02-01T00:00:00Z' });
    renderAt('/admin/posts/morning-market-ab12cd');
    expect(await screen.findByText('Spam', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });
});

describe('import posts', { timeout: 20_000 }, () => {
  it('enables Import once user, account and file are chosen, uploads them, and lists the refused rows', async () => {
    as(['posts.import', 'posts.view']);
    importAnswer = {
      status: 200,
      body: {
        message: 'Posts imported: 2. Rows refused: 1 (see the list).',
        imported: 2,
        errors: [{ index: 1, field: 'content', message: 'This field is required.' }],
        errors_count: 1,
      } satisfies ImportPostsResult,
    };
    renderAt('/admin/posts/import');
    const search = await screen.findByLabelText('User', {}, { timeout: 5000 });
    const submit = screen.getByRole('button', { name: 'Import' });
    expect(submit).toBeDisabled();
    await userEvent.type(search, 'aye');
    expect(requests.some((r) => r.url.startsWith('/api/users?'))).toBe(false);
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/users?q=aye&per_page=20')).toBe(true));
    await userEvent.click(await screen.findByRole('radio', { name: /Aye Chan/ }));
    // Their only account is chosen for them.
    await waitFor(() => expect(accountInput()).toHaveValue('Yangon Voices (@yangon_voices)'));
    expect(submit).toBeDisabled();
    const file = new File(['[{"content":"Hi"},{},{"content":"Bye"}]'], 'posts.json', { type: 'application/json' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'application/json,.json');
    await userEvent.upload(input, file);
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await screen.findByText('Imported 2 posts')).toBeInTheDocument();
    expect(Object.fromEntries([...sentForm!.entries()].filter(([k]) => k !== 'file'))).toEqual({
      type: 'status',
      user_id: '9',
      account_id: '3',
    });
    expect((sentForm!.get('file') as File).name).toBe('posts.json');
    const refused = screen.getByText('1 row was not imported').closest('div')!;
    const table = within(refused.parentElement!).getByRole('table');
    expect(within(table).getByText('This field is required.')).toBeInTheDocument();
    expect(within(table).getByText('content')).toBeInTheDocument();
  });

  it('shows a file refused whole under the file input', async () => {
    as(['posts.import']);
    importAnswer = {
      status: 422,
      body: {
        code: 'validation_failed',
        message: 'Please check the highlighted fields.',
        errors: { file: ['The file is not valid JSON. Check it with a JSON validator and try again.'] },
      },
    };
    renderAt('/admin/posts/import');
    const search = await screen.findByLabelText('User', {}, { timeout: 5000 });
    await userEvent.type(search, 'aye{Enter}');
    await userEvent.click(await screen.findByRole('radio', { name: /Aye Chan/ }));
    await waitFor(() => expect(accountInput()).toHaveValue('Yangon Voices (@yangon_voices)'));
    await userEvent.upload(
      document.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['[{'], 'broken.json', { type: 'application/json' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('The file is not valid JSON. Check it with a JSON validator and try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Imported/)).not.toBeInTheDocument();
  });
});
