import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { post, sessionUser } from '../../test/fixtures';
import { answerAs } from '../../test/testServer';
import { FeedPage } from './FeedPage';

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

beforeEach(() => {
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe("the public feed's language", () => {
  it('shows the public feed in the language chosen, kept in the address', async () => {
    const sent = answerAs({
      'GET /api/feed': [200, { data: [post(1)], meta: { per_page: 20, next_cursor: null } }],
      'GET /api/feed/public': (s) =>
        new URL(s.at(-1)!.url, 'http://x').searchParams.get('language') === 'th'
          ? [200, { data: [], meta: { per_page: 20, next_cursor: null } }]
          : [
              200,
              { data: [post(2, { content: 'မင်္ဂလာပါ', language: 'my' })], meta: { per_page: 20, next_cursor: null } },
            ],
    });
    render(
      <Providers>
        <MemoryRouter initialEntries={['/home?tab=public']}>
          <FeedPage />
          <Address />
        </MemoryRouter>
      </Providers>,
    );
    await screen.findByText('မင်္ဂလာပါ');
    const languages = await screen.findByRole('radiogroup', { name: 'Language of the posts' });
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(languages).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Thai' }));
    expect(await screen.findByRole('heading', { name: 'No posts in this language yet' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('?tab=public&language=th');
    await waitFor(() => expect(sent.at(-1)!.url).toMatch(/^\/api\/feed\/public\?before=.+&language=th$/));
    // Every language is the feed as it was, in the very entry home started early.
    expect(sent.filter((s) => s.url.startsWith('/api/feed/public'))[0]!.url).not.toContain('language');
  });
});
