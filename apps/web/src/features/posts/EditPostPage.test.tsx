import type { Post } from '@inkwell/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { post as postFixture, sessionUser } from '../../test/fixtures';
import { EditPostPage } from './EditPostPage';

const post = (over: Partial<Post> = {}): Post =>
  postFixture(41, {
    slug: 'monsoon-notes-ab12',
    // An audio post: its editor shows a title and no body.
    type: 'audio',
    title: 'Rain on the tin roof',
    content: null,
    url: '/uploads/audio/2026/01/rain.m4a',
    featured_photo_url: '/uploads/images/covers/2026/01/rain.webp',
    account: { id: 3, username: 'yangon_voices', name: 'Yangon Voices', profile_url: null },
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...over,
  });

function renderEditor(answer: Post) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith(`/api/posts/slug/${answer.slug}`)
        ? new Response(JSON.stringify({ data: answer }), { status: 200 })
        : new Response('{}', { status: 404 }),
    ),
  );
  render(
    <Providers>
      <MemoryRouter initialEntries={[`/profile/posts/${answer.slug}`]}>
        <Routes>
          <Route path="/profile/posts/:slug" element={<EditPostPage />} />
          <Route path="/posts/:slug" element={<p>the post itself</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  queryClient.clear();
  signIn('token', sessionUser());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

describe('editing a post', () => {
  it('sends a person who may not edit the post back to the post', async () => {
    renderEditor(post({ can_modify: false }));
    expect(await screen.findByText('the post itself')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('opens the editor for one who may', async () => {
    renderEditor(post({ can_modify: true, can_delete: true }));
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.queryByText('the post itself')).not.toBeInTheDocument();
  });
});
