import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { useCreateComment } from '../../features/comments/api';
import { useSuggestions } from '../../features/search/api';
import { useCreatePost } from '../../features/posts/api';
import { changeLocale } from '../../i18n';
import { signIn, signOut } from '../../session/session';
import { post, sessionUser } from '../../test/fixtures';
import { renderInApp } from '../../test/renderInApp';
import { answerAs } from '../../test/testServer';

const CONVERTED = 'Your text was converted from Zawgyi to Unicode so everyone can read it.';

/** Two of the app's writes, as their forms send them, and a read. */
function Writer({ search = '' }: { search?: string }) {
  const createPost = useCreatePost();
  const comment = useCreateComment(1);
  useSuggestions(search);
  return (
    <>
      <button onClick={() => createPost.mutate({ account_id: 3, type: 'status', content: 'မဂၤလာပါ' })}>Post</button>
      <button onClick={() => comment.mutate({ content: 'မဂၤလာပါ' })}>Comment</button>
    </>
  );
}

beforeEach(() => {
  // Toasts live in Mantine's store, which outlives a test's screen.
  notifications.clean();
  notifications.cleanQueue();
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('the Zawgyi notice', () => {
  it('tells the writer once when the server stored their Zawgyi as Unicode, whatever the form', async () => {
    answerAs({
      'POST /api/posts': [201, { data: post(1, { content: 'မင်္ဂလာပါ', language: 'my' }), normalized: ['zawgyi'] }],
    });
    renderInApp(<Writer />);
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(CONVERTED)).toBeInTheDocument();
    expect(screen.getAllByText(CONVERTED)).toHaveLength(1);
  });

  it('says nothing for a write in Unicode already, nor for a search typed in Zawgyi', async () => {
    answerAs({
      'POST /api/comments': [201, { data: { id: 1 } }],
      'GET /api/search/suggest': [200, { data: { accounts: [], users: [], tags: [] }, normalized: ['zawgyi'] }],
    });
    renderInApp(<Writer search="မဂၤ" />);
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(CONVERTED)).toBeNull();
  });

  it('says it in Burmese to a Burmese reader', async () => {
    await changeLocale('my');
    answerAs({ 'POST /api/comments': [201, { data: { id: 1 }, normalized: ['zawgyi'] }] });
    renderInApp(<Writer />);
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('သင့်စာသားကို လူတိုင်း ဖတ်နိုင်စေရန် ဇော်ဂျီမှ ယူနီကုဒ်သို့ ပြောင်းပေးထားပါသည်။')).toBeInTheDocument();
    await changeLocale('en');
  });
});
