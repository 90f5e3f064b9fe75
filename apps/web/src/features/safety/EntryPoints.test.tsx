import type { CommentT, Person, Post } from '@inkwell/contracts';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { routes } from '../../app/router';
import { signIn, signOut } from '../../session/session';
import { account, post as postFixture, sessionUser } from '../../test/fixtures';
import { answerAs, writes } from '../../test/testServer';

const SLUG = 'morning-in-mandalay-a1b2c3';
const post = (over: Partial<Post> = {}): Post =>
  postFixture(41, { slug: SLUG, content: 'Morning in Mandalay', ...over });

const comment: CommentT = {
  id: 9,
  post_id: 41,
  content: 'You draw badly',
  mentions: [],
  parent_comment_id: null,
  depth: 1,
  commentable_id: 5,
  commentable_type: 'user',
  name: 'Somchai',
  username: 'somchai',
  profile_url: null,
  liked: false,
  likes_count: 0,
  can_delete: false,
  created_at: '2026-05-01T01:00:00Z',
  replies: [],
};

const person: Person = {
  id: 5,
  name: 'Somchai',
  username: 'somchai',
  profile_url: null,
  is_friend: false,
  pending_friend_request: false,
  awaiting_friend_request: false,
  is_me: false,
  is_blocked: true,
};

/** What every signed-in screen asks besides its own (the shell's badges, my accounts). */
const shell = {
  'GET /api/user': [200, { data: sessionUser() }],
  'GET /api/user/accounts': [200, { data: [] }],
  'GET /api/notifications': [200, { data: [], meta: { unread_count: 0 } }],
  'GET /api/chats/unread': [200, { unread_count: 0 }],
} as const;

function renderAt(path: string) {
  render(
    <Providers>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </Providers>,
  );
}

beforeEach(() => {
  signOut();
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('a post and its comments', () => {
  it('blocks a comment’s writer after asking, and their comments leave the thread', async () => {
    let blocked = false;
    const sent = answerAs({
      ...shell,
      [`GET /api/posts/slug/${SLUG}`]: [200, { data: post() }],
      'GET /api/posts/41/comments': () => [200, { data: blocked ? [] : [comment] }],
      'POST /api/users/5/block': () => {
        blocked = true;
        return [200, { is_blocked: true }];
      },
    });
    const user = userEvent.setup();
    renderAt(`/posts/${SLUG}`);
    // The first screen of the file loads the route's code in jsdom: give it time.
    const thread = await screen.findByRole('list', { name: 'Comments' }, { timeout: 8000 });
    await user.click(await within(thread).findByRole('button', { name: 'Block Somchai' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Somchai?' });
    expect(writes(sent)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You blocked Somchai.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('You draw badly')).toBeNull());
    expect(writes(sent)).toEqual(['POST /api/users/5/block']);
  });

  it('mutes the post’s account from the post’s menu, with Undo', async () => {
    const sent = answerAs({
      ...shell,
      [`GET /api/posts/slug/${SLUG}`]: [200, { data: post() }],
      'GET /api/posts/41/comments': [200, { data: [] }],
      'POST /api/accounts/3/mute': [200, { is_muted: true }],
    });
    const user = userEvent.setup();
    renderAt(`/posts/${SLUG}`);
    await user.click(await screen.findByRole('button', { name: 'Post actions' }, { timeout: 8000 }));
    await user.click(await screen.findByRole('button', { name: 'Mute Harbour Sketches' }));
    expect(await screen.findByText("You muted Harbour Sketches. Its posts won't appear in your feeds.")).toBeVisible();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeVisible();
    expect(writes(sent)).toEqual(['POST /api/accounts/3/mute']);
  });

  it('says why a muted account’s post, opened by link, is not in my feeds', async () => {
    answerAs({
      ...shell,
      [`GET /api/posts/slug/${SLUG}`]: [200, { data: post({ is_muted: true }) }],
      'GET /api/posts/41/comments': [200, { data: [] }],
    });
    const user = userEvent.setup();
    renderAt(`/posts/${SLUG}`);
    expect(await screen.findByRole('note', {}, { timeout: 8000 })).toHaveTextContent('You muted this account.');
    await user.click(screen.getByRole('button', { name: 'Post actions' }));
    expect(await screen.findByRole('button', { name: 'Share' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mute Harbour Sketches' })).toBeNull();
  });
});

describe('pages of the blocked', () => {
  it('an account whose people I blocked says so, offers Unblock, and nothing that would reach them', async () => {
    answerAs({
      ...shell,
      'GET /api/accounts/by-username/harbour': [200, { data: account({ is_blocked: true }) }],
      'GET /api/accounts/3/posts': [200, { data: [], meta: { per_page: 20, next_cursor: null } }],
    });
    renderAt('/a/harbour');
    expect(
      await screen.findByText('You blocked the people who run this account.', {}, { timeout: 8000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeVisible();
    // The actions show once my own accounts are known (none of them is this one).
    expect(await screen.findByRole('button', { name: 'More actions' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
  });

  it('a person I blocked: no Add friend, no Message; the menu offers Unblock', async () => {
    answerAs({ ...shell, 'GET /api/users/5': [200, { data: person }] });
    const user = userEvent.setup();
    renderAt('/u/5');
    expect(await screen.findByText('You blocked this person.', {}, { timeout: 8000 })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Add friend' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('button', { name: 'Unblock this person' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Report this person' })).toBeVisible();
  });

  it('the profile menu leads to the three settings', async () => {
    answerAs({ ...shell });
    renderAt('/profile');
    expect(await screen.findByRole('link', { name: 'Blocked people' }, { timeout: 8000 })).toHaveAttribute(
      'href',
      '/profile/blocks',
    );
    expect(screen.getByRole('link', { name: 'Muted accounts' })).toHaveAttribute('href', '/profile/mutes');
    expect(screen.getByRole('link', { name: 'Muted words' })).toHaveAttribute('href', '/profile/muted-words');
  });
});
