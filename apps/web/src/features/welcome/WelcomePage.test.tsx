import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { SOCIAL_PROVIDERS_KEY } from '../auth';
import { WelcomePage } from './WelcomePage';

function renderWelcome(providers: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: providers }), { status: 200 })),
  );
  render(
    <Providers>
      <MemoryRouter>
        <WelcomePage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('social sign-in buttons', () => {
  it('shows a button for each configured provider only', async () => {
    renderWelcome(['google', 'x']);
    const group = await screen.findByRole('group', { name: 'Sign in with a social account' });
    expect(group).toHaveTextContent('Continue with Google');
    expect(group).toHaveTextContent('Continue with X');
    expect(screen.queryByRole('button', { name: 'Continue with GitHub' })).toBeNull();
  });

  it('shows none when no provider is configured', async () => {
    renderWelcome([]);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    // Once the server's (empty) answer is in, nothing was drawn for it.
    await vi.waitFor(() => expect(queryClient.getQueryData(SOCIAL_PROVIDERS_KEY)).toBeDefined());
    expect(screen.queryByRole('group', { name: 'Sign in with a social account' })).toBeNull();
  });
});
