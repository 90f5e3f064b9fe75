import type { Post } from '@inkwell/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { routes } from '../../app/router';
import { signIn, signOut } from '../../session/session';
import { account, post as postFixture, sessionUser } from '../../test/fixtures';

/* Pinned posts (issue 33): at the top of the account page, each marked; set from a post's menu. */

const ok = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const feedPage = (posts: Post[]) => ({ data: posts, meta: { per_page: 20, next_cursor: null } });
const mine = account({ can_modify: true, can_delete: true, can_view_insights: true });

const first = postFixture(11, { slug: 'first-a1', content: 'Pinned first', pin_position: 1, can_modify: true });
const second = postFixture(12, { slug: 'second-a1', content: 'Pinned second', pin_position: 2, can_modify: true });
const loose = postFixture(13, { slug: 'loose-a1', content: 'Not pinned', can_modify: true });

/** The server: the account page's reads, and `PUT /pins` answering `put` (the ids sent are recorded). */
function serve(pins: Post[], own: boolean, put?: (ids: number[]) => Response) {
  const sent: number[][] = [];
  const answers: [string, unknown][] = [
    ['/api/accounts/by-username/harbour', { data: own ? mine : account() }],
    ['/api/user/accounts', { data: own ? [mine] : [] }],
    ['/api/accounts/3/pins', { data: pins }],
    ['/api/accounts/3/posts', feedPage([loose, ...pins])],
    ['/api/notifications', { data: [], meta: { unread_count: 0 } }],
    ['/api/chats', { data: [] }],
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/user?') || url === '/api/user') return ok({ data: sessionUser() });
      if (init?.method === 'PUT' && url.startsWith('/api/accounts/3/pins')) {
        const ids = (JSON.parse(String(init.body)) as { post_ids: number[] }).post_ids;
        sent.push(ids);
        return put
          ? put(ids)
          : ok({ data: ids.map((id, i) => ({ ...pins.find((p) => p.id === id)!, pin_position: i + 1 })) });
      }
      const hit = answers.find(([prefix]) => url.startsWith(prefix));
      return hit ? ok(hit[1]) : ok({ message: 'Not found', code: 'not_found' }, 404);
    }),
  );
  return sent;
}

function renderAccount() {
  const router = createMemoryRouter(routes, { initialEntries: ['/a/harbour'] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const pinnedSection = () => screen.findByRole('region', { name: 'Pinned posts' });
async function openMenu(card: HTMLElement) {
  fireEvent.click(within(card).getByRole('button', { name: 'Post actions' }));
  return screen.findByRole('dialog');
}

beforeEach(() => {
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe('pinned posts on an account page', () => {
  it('are shown above the tabs in their order, each marked Pinned', async () => {
    serve([first, second], false);
    renderAccount();
    const section = await pinnedSection();
    const cards = within(section).getAllByRole('article');
    expect(cards.map((c) => within(c).getByText(/^Pinned (first|second)$/).textContent)).toEqual([
      'Pinned first',
      'Pinned second',
    ]);
    expect(within(section).getAllByText('Pinned')).toHaveLength(2);
    // Above the tabs.
    const tabs = screen.getByRole('tablist');
    expect(section.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('are not there when there are none, and a reader’s menu offers no pinning', async () => {
    serve([], false);
    renderAccount();
    const card = (await screen.findByText('Not pinned')).closest('article')!;
    expect(screen.queryByRole('region', { name: 'Pinned posts' })).toBeNull();
    const dialog = await openMenu(card);
    await within(dialog).findByRole('button', { name: 'Share' });
    expect(within(dialog).queryByRole('button', { name: 'Pin to account page' })).toBeNull();
  });

  it('the owner’s menu moves, unpins and pins, sending the whole new order', async () => {
    const sent = serve([first, second], true);
    renderAccount();
    const section = await pinnedSection();
    const [top, bottom] = within(section).getAllByRole('article');

    let dialog = await openMenu(top!);
    expect(await within(dialog).findByRole('button', { name: 'Unpin' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move down' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Move up' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move down' }));
    await waitFor(() => expect(sent).toEqual([[12, 11]]));
    expect(await screen.findByText('Pinned posts reordered.')).toBeInTheDocument();

    dialog = await openMenu(bottom!);
    expect(await within(dialog).findByRole('button', { name: 'Move up' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Move down' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpin' }));
    await waitFor(() => expect(sent.at(-1)).toEqual([11]));
  });

  it('a fourth pin shows the server’s refusal', async () => {
    const third = postFixture(14, { slug: 'third-a1', content: 'Pinned third', pin_position: 3, can_modify: true });
    const sent = serve([first, second, third], true, () =>
      ok(
        {
          code: 'validation_failed',
          message: 'Please check the highlighted fields.',
          errors: { post_ids: ['You can pin at most 3 posts. Unpin one first.'] },
        },
        422,
      ),
    );
    renderAccount();
    await pinnedSection();
    const card = screen.getByText('Not pinned').closest('article')!;
    const dialog = await openMenu(card);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Pin to account page' }));
    await waitFor(() => expect(sent).toEqual([[11, 12, 14, 13]]));
    expect(await screen.findByText('You can pin at most 3 posts. Unpin one first.')).toBeInTheDocument();
  });
});
