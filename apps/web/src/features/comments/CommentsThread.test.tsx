import type { CommentT } from '@inkwell/contracts';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';
import { renderInApp } from '../../test/renderInApp';
import { answerAs, writes } from '../../test/testServer';
import { CommentsThread } from './CommentsThread';

const comment = (over: Partial<CommentT> = {}): CommentT => ({
  id: 1,
  post_id: 5,
  content: 'Lovely, @harbour! #mohinga with @stranger',
  mentions: [{ username: 'harbour', kind: 'account', id: 3 }],
  parent_comment_id: null,
  depth: 1,
  commentable_id: 9,
  commentable_type: 'user',
  name: 'Hla Hla',
  username: 'hlahla',
  profile_url: null,
  liked: false,
  likes_count: 0,
  can_delete: false,
  created_at: '2026-05-01T00:00:00Z',
  replies: [],
  ...over,
});

beforeEach(() => {
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('comments and their words', () => {
  it('links a comment’s resolved mentions and its tags once the first screen is done', async () => {
    answerAs({
      'GET /api/posts/5/comments': [200, { data: [comment()] }],
      'GET /api/user/accounts': [200, { data: [] }],
    });
    renderInApp(<CommentsThread postId={5} />);
    await screen.findByText(/Lovely/);
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(await screen.findByRole('link', { name: '@harbour' })).toHaveAttribute('href', '/a/harbour');
    expect(screen.getByRole('link', { name: '#mohinga' })).toHaveAttribute('href', '/tags/mohinga');
    expect(screen.queryByRole('link', { name: '@stranger' })).toBeNull();
  });

  it('takes a suggestion with Enter rather than sending the comment', async () => {
    const sent = answerAs({
      'GET /api/posts/5/comments': [200, { data: [] }],
      'GET /api/user/accounts': [200, { data: [] }],
      'GET /api/search/suggest': [
        200,
        {
          data: {
            accounts: [],
            users: [{ id: 7, name: 'Aye Chan', username: 'ayechan', profile_url: null }],
            tags: [],
          },
        },
      ],
    });
    renderInApp(<CommentsThread postId={5} />);
    const box = await screen.findByRole('textbox', { name: 'Write a comment…' });
    await userEvent.type(box, 'Hi @aye');
    await screen.findByRole('option', { name: /Aye Chan/ });
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveValue('Hi @ayechan ');
    expect(writes(sent)).toEqual([]);
  });
});
