import type { Post } from '@inkwell/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { routes } from '../../app/router';
import { signIn, signOut } from '../../session/session';
import { post as postFixture, sessionUser } from '../../test/fixtures';
import { renderInApp } from '../../test/renderInApp';
import { answerAs } from '../../test/testServer';
import { PostCard } from './PostCard';

const friend = { id: 11, name: 'Friend' };

/** A members-only photo of `harbour`'s, from its Friend tier up, as the server sends it to one it is locked to. */
const locked = (over: Partial<Post> = {}): Post =>
  postFixture(41, {
    slug: 'river-at-dawn-a1b2',
    type: 'photo',
    title: 'The river at dawn',
    content: 'Mist over the water, before the boats…',
    url: null,
    min_tier: friend,
    locked: true,
    visibility: 'members',
    comments_count: 3,
    ...over,
  });

const routerAt = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
};

beforeEach(() => {
  signOut();
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('a locked post in a list', () => {
  it('shows its title, teaser, badge, a placeholder for the photo and Join to read, and no image', async () => {
    answerAs({});
    const { container } = renderInApp(<PostCard post={locked()} />);
    const card = screen.getByRole('article', { name: 'The river at dawn' });
    expect(await within(card).findByText('Members: Friend and up')).toBeVisible();
    expect(within(card).getByRole('heading', { level: 2, name: 'The river at dawn' })).toBeVisible();
    expect(within(card).getByText('Mist over the water, before the boats…')).toBeVisible();
    expect(within(card).getByRole('img', { name: 'Locked: for members of Friend and up' })).toBeVisible();
    // The tier's join dialog, on the account page (memberships reads `?join=`).
    expect(within(card).getByRole('link', { name: 'Join to read' })).toHaveAttribute('href', '/a/harbour?join=11');
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows a blurred copy of the cover where the photo goes, under Join to read; the placeholder alone if it fails', async () => {
    answerAs({});
    const { container } = renderInApp(<PostCard post={locked({ blurred_cover_url: '/uploads/blurred/ab12.webp' })} />);
    const card = screen.getByRole('article', { name: 'The river at dawn' });
    const block = await within(card).findByRole('img', { name: 'Locked: for members of Friend and up' });
    // Decorative: the block names what is hidden; the picture only sets its mood.
    const cover = container.querySelector('img')!;
    expect(cover).toHaveAttribute('src', '/uploads/blurred/ab12.webp');
    expect(cover).toHaveAttribute('alt', '');
    expect(cover.style.objectFit).toBe('cover');
    expect(cover.style.filter).toMatch(/^blur\(/);
    expect(block).toContainElement(cover);
    // Where a photo post shows its photo: above the title.
    const title = within(card).getByRole('heading', { level: 2, name: 'The river at dawn' });
    expect(block.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Join to read' })).toBeVisible();

    fireEvent.error(cover);
    await waitFor(() => expect(container.querySelector('img')).toBeNull());
    expect(within(card).getByRole('img', { name: 'Locked: for members of Friend and up' })).toBeVisible();
  });

  it('puts a gallery’s blurred cover under its words, where its photos go', async () => {
    answerAs({});
    renderInApp(<PostCard post={locked({ type: 'gallery', blurred_cover_url: '/uploads/blurred/cd34.webp' })} />);
    const card = screen.getByRole('article', { name: 'The river at dawn' });
    const block = await within(card).findByRole('img', { name: 'Locked: for members of Friend and up' });
    const teaser = within(card).getByText('Mist over the water, before the boats…');
    expect(block.compareDocumentPosition(teaser) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  });

  it('marks a members-only post I may read with a small badge, and shows it whole', async () => {
    answerAs({});
    renderInApp(<PostCard post={locked({ locked: false, url: '/uploads/images/photos/2026/05/river.webp' })} />);
    const card = screen.getByRole('article', { name: 'The river at dawn' });
    // "Members" is what is seen; a screen reader hears the tier too.
    expect(await within(card).findByText('Members: Friend and up')).toHaveTextContent('Members: Friend and up');
    expect(within(card).getByText('Members')).toBeVisible();
    expect(within(card).getByRole('img', { name: 'The river at dawn' })).toHaveAttribute('src');
    expect(within(card).queryByRole('link', { name: 'Join to read' })).toBeNull();
  });

  it('shows a public post as it always did, without loading anything of members', async () => {
    answerAs({});
    renderInApp(<PostCard post={postFixture(7, { content: 'Open to all' })} />);
    expect(screen.getByText('Open to all')).toBeVisible();
    // The door draws nothing for a public post: no badge appears once things settle.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/^Members/)).toBeNull();
  });
});

describe('a locked post’s page', () => {
  it('says its comments are for members and does not ask for them', async () => {
    const sent = answerAs({ 'GET /api/posts/slug/river-at-dawn-a1b2': [200, { data: locked() }] });
    routerAt('/posts/river-at-dawn-a1b2');
    expect(await screen.findByText('Comments are for members of Friend and up.', {}, { timeout: 8000 })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'The river at dawn' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Join to read' })).toHaveAttribute('href', '/a/harbour?join=11');
    expect(sent.some((s) => s.url.includes('/comments'))).toBe(false);
  });

  it('sends its comments page to the post, without asking for them', async () => {
    const sent = answerAs({ 'GET /api/posts/slug/river-at-dawn-a1b2': [200, { data: locked() }] });
    const router = routerAt('/posts/river-at-dawn-a1b2/comments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/posts/river-at-dawn-a1b2'), { timeout: 8000 });
    expect(await screen.findByText('Comments are for members of Friend and up.')).toBeVisible();
    expect(sent.some((s) => s.url.includes('/comments'))).toBe(false);
  });
});
