import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signOut } from '../../session/session';
import { answerAs, writes } from '../../test/testServer';
import { ActivatePage } from './ActivatePage';

function renderActivate(url: string) {
  render(
    <Providers>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/activate" element={<ActivatePage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  signOut();
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the activation page', () => {
  it('activates once and leads on to setting up the feed', async () => {
    const sent = answerAs({ 'POST /api/email/verify': [200, { message: 'Your account is active.' }] });
    renderActivate('/activate?token=abc');
    expect(await screen.findByRole('heading', { name: 'You’re all set' })).toBeInTheDocument();
    expect(screen.getByText('Your account is active.')).toBeInTheDocument();
    // A guest signs in on the way (the route asks) and lands on onboarding.
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/onboarding');
    expect(writes(sent)).toEqual([['POST /api/email/verify', { token: 'abc' }]]);
  });

  it('offers a new link when the token is refused', async () => {
    answerAs({ 'POST /api/email/verify': [422, { message: 'This link has expired.' }] });
    renderActivate('/activate?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeInTheDocument();
  });
});
