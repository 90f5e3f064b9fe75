import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, RouterProvider, Routes, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { routes } from '../../app/router';
import { signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';
import { answerAs, writes } from '../../test/testServer';
import { OnboardingPage } from './OnboardingPage';
import { followed, onboarding, pageOf, suggested } from './OnboardingTestData';

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderOnboarding() {
  render(
    <Providers>
      <MemoryRouter initialEntries={['/onboarding']}>
        <Routes>
          <Route path="/onboarding" element={<OnboardingPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Address />
      </MemoryRouter>
    </Providers>,
  );
}

/** The server as onboarding sees it: what was saved comes back on the next read. */
function server(start = onboarding(), accounts = [suggested(3, 'Harbour Sketches'), suggested(4, 'Mohinga Daily')]) {
  let saved = start;
  return answerAs({
    'GET /api/user/onboarding': () => [200, { data: saved }],
    'PUT /api/user/onboarding': (sent) => {
      saved = { ...saved, ...(sent.at(-1)!.body as object) };
      return [200, { data: saved }];
    },
    'GET /api/tags/trending': [
      200,
      {
        data: [
          { tag: 'မုန့်ဟင်းခါး', posts_count: 9 },
          { tag: 'travel', posts_count: 4 },
        ],
      },
    ],
    'GET /api/discover/accounts': [200, pageOf(accounts)],
    'POST /api/accounts/3/follow': followed,
    'POST /api/accounts/4/follow': followed,
    'POST /api/accounts/5/follow': followed,
  });
}

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('onboarding', () => {
  it('saves each step and ends on the followed feed', async () => {
    const sent = server();
    renderOnboarding();
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your feed' })).toBeInTheDocument();
    expect(screen.getByTestId('onboarding-progress')).toHaveTextContent('Step 1 of 3');
    // Pre-ticked as the server pre-filled them.
    expect(screen.getByRole('checkbox', { name: 'Burmese' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Thai' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'English' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'What do you like to read about?' })).toBeInTheDocument();
    expect(screen.getByTestId('onboarding-progress')).toHaveTextContent('Step 2 of 3');
    await userEvent.click(await screen.findByRole('checkbox', { name: '#မုန့်ဟင်းခါး' }));
    expect(screen.getByText('1 topic chosen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Accounts you may like' })).toBeInTheDocument();
    expect(screen.getByTestId('onboarding-progress')).toHaveTextContent('Step 3 of 3');
    const card = screen.getByRole('article', { name: 'Harbour Sketches' });
    expect(within(card).getByText('Popular')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Latest words of Harbour Sketches/ })).toHaveAttribute(
      'href',
      '/posts/post-103',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/home?tab=feed'));
    expect(writes(sent)).toEqual([
      ['PUT /api/user/onboarding', { languages: ['my', 'en'] }],
      ['PUT /api/user/onboarding', { tags: ['မုန့်ဟင်းခါး'] }],
      ['PUT /api/user/onboarding', { done: true }],
    ]);
  });

  it('resumes at the first step not done', async () => {
    // Topics saved (on another device, say): the accounts are next.
    server(onboarding({ tags: ['travel'] }));
    renderOnboarding();
    expect(await screen.findByRole('heading', { name: 'Accounts you may like' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    // The saved topic is offered and chosen, trending or not.
    expect(await screen.findByRole('checkbox', { name: '#travel' })).toBeChecked();
  });

  it('resumes at the topics once the languages were saved on this device', async () => {
    server();
    renderOnboarding();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'What do you like to read about?' });
    queryClient.clear();
    document.body.innerHTML = '';
    renderOnboarding();
    expect(await screen.findByRole('heading', { name: 'What do you like to read about?' })).toBeInTheDocument();
  });

  it.each([0, 1, 2])('skip on step %i saves done and goes to the feed', async (step) => {
    const sent = server(onboarding({ tags: step === 2 ? ['travel'] : [] }));
    if (step === 1) localStorage.setItem(`inkwell.onboarding_step.${sessionUser().id}`, '1');
    renderOnboarding();
    await screen.findByTestId('onboarding-progress');
    expect(screen.getByTestId('onboarding-progress')).toHaveTextContent(`Step ${step + 1} of 3`);
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/home?tab=feed'));
    expect(writes(sent)).toEqual([['PUT /api/user/onboarding', { done: true }]]);
  });

  it('follows all follows only the accounts not followed yet', async () => {
    const accounts = [
      suggested(3, 'Harbour Sketches'),
      suggested(4, 'Mohinga Daily', {
        reason: 'co_follow',
        because: { account: { id: 8, username: 'river', name: 'River Notes' } },
      }),
      suggested(5, 'Thai Kitchen', { reason: 'language', because: { language: 'th' } }),
    ];
    accounts[0] = { ...accounts[0]!, account: { ...accounts[0]!.account, is_followed: true } };
    const sent = server(onboarding({ tags: ['travel'] }), accounts);
    renderOnboarding();
    expect(await screen.findByText('Readers of River Notes follow this')).toBeInTheDocument();
    expect(screen.getByText('Popular in Thai')).toBeInTheDocument();
    expect(screen.getByText('You follow 1 of these accounts')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Follow all' }));
    await waitFor(() => expect(screen.getByText('You follow 3 of these accounts')).toBeInTheDocument());
    expect(writes(sent)).toEqual(['POST /api/accounts/4/follow', 'POST /api/accounts/5/follow']);
    expect(screen.getByRole('button', { name: 'Follow all' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Following Thai Kitchen' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('follows one account from its card', async () => {
    const sent = server(onboarding({ tags: ['travel'] }));
    renderOnboarding();
    await userEvent.click(await screen.findByRole('button', { name: 'Follow Mohinga Daily' }));
    expect(await screen.findByRole('button', { name: 'Following Mohinga Daily' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(writes(sent)).toEqual(['POST /api/accounts/4/follow']);
  });

  it('opens at /onboarding in the app, titled by its own words', async () => {
    answerAs({
      'GET /api/user': [200, { data: sessionUser() }],
      'GET /api/user/accounts': [200, { data: [] }],
      'GET /api/notifications': [200, { data: [], meta: { unread_count: 0 } }],
      'GET /api/chats/unread': [200, { unread_count: 0 }],
      'GET /api/user/onboarding': [200, { data: onboarding() }],
    });
    render(
      <Providers>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/onboarding'] })} />
      </Providers>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Which languages do you read?' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Set up your feed · /));
  });
});
