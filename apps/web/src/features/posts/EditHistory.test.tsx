import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { post as postFixture, sessionUser } from '../../test/fixtures';
import { renderInApp } from '../../test/renderInApp';
import { answerAs, writes } from '../../test/testServer';
import { PostCard } from './PostCard';

/* A post edited after publishing (issue 33): "· Edited" by its time opens its earlier versions. */

const edited = postFixture(31, {
  type: 'photo',
  title: 'Sule at dawn',
  content: 'Now with the right caption',
  url: '/uploads/images/covers/2026/05/new.webp',
  featured_photo_alt: 'Sule Pagoda at sunrise',
  edited_at: '2026-05-02T08:00:00Z',
});
const earlier = {
  id: 5,
  title: 'Sule at dusk',
  content: 'First words\nsecond line',
  url: '/uploads/images/covers/2026/05/old.webp',
  featured_photo_url: null,
  featured_photo_alt: 'Sule Pagoda at dusk',
  photos: [],
  written_at: '2026-05-01T00:00:00Z',
  replaced_at: '2026-05-02T08:00:00Z',
};

beforeEach(() => {
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe('the Edited mark', () => {
  it('is not shown on a post never edited', () => {
    answerAs({});
    renderInApp(<PostCard post={postFixture(30)} />);
    expect(screen.queryByRole('button', { name: 'Edited' })).not.toBeInTheDocument();
  });

  it('opens the edit history: the current version, then the earlier one with its picture', async () => {
    const sent = answerAs({ 'GET /api/posts/31/versions': [200, { data: [earlier] }] });
    renderInApp(<PostCard post={edited} />);
    // Nothing is asked before the mark is pressed.
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Edited' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    expect(within(dialog).getByText('Current version')).toBeInTheDocument();
    expect(await within(dialog).findByText('Sule at dusk')).toBeInTheDocument();
    expect(within(dialog).getByText(/First words/)).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(within(dialog).getByRole('img', { name: 'Sule Pagoda at dusk' })).toHaveAttribute(
      'src',
      '/uploads/images/covers/2026/05/old.webp',
    );
    expect(within(dialog).getByText(/^Written /)).toBeInTheDocument();
    expect(within(dialog).getByText(/Replaced /)).toBeInTheDocument();
    // A reader who is not one of its people cannot delete a version.
    expect(within(dialog).queryByRole('button', { name: 'Delete this version' })).not.toBeInTheDocument();
    expect(sent.map((s) => s.url)).toEqual(['/api/posts/31/versions']);
  });

  it('lets its people delete an earlier version, after confirming', async () => {
    let removed = false;
    const sent = answerAs({
      'GET /api/posts/31/versions': () => [200, { data: removed ? [] : [earlier] }],
      'DELETE /api/posts/31/versions/5': () => {
        removed = true;
        return [204, null];
      },
    });
    renderInApp(<PostCard post={{ ...edited, can_modify: true, can_delete: true }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edited' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Delete this version' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this version' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes(sent)).toEqual(['DELETE /api/posts/31/versions/5']));
    expect(await screen.findByText('No earlier versions are kept.')).toBeInTheDocument();
  });
});
