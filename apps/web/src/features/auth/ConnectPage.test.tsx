import type { SocialLogin } from '@inkwell/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { changeLocale } from '../../i18n';
import { ConnectPage } from './ConnectPage';

const github: SocialLogin = {
  provider: 'github',
  provider_id: '583231',
  name: 'The Octocat',
  email: 'octo@mail.test',
  avatar_url: 'https://avatars.githubusercontent.com/u/583231',
  created_at: '2026-11-21T10:00:00Z',
};

function renderConnect(logins: SocialLogin[], providers: string[] = ['google', 'github', 'facebook', 'x']) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/user/logins')) return new Response(JSON.stringify({ data: logins }), { status: 200 });
    if (url.startsWith('/api/auth/providers'))
      return new Response(JSON.stringify({ data: providers }), { status: 200 });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <Providers>
      <MemoryRouter>
        <ConnectPage />
      </MemoryRouter>
    </Providers>,
  );
  return fetchMock;
}

beforeEach(() => queryClient.clear());
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

describe('connect socials screen', () => {
  it('lists the four providers with descriptions, and the card of a connected one', async () => {
    renderConnect([github]);
    const list = await screen.findByRole('list', { name: 'Connect socials' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Facebook',
      'Google',
      'X',
      'GitHub',
    ]);
    expect(screen.getByText('Sign in with your Facebook account.')).toBeInTheDocument();
    const card = items[3]!;
    expect(within(card).getByText('Connected')).toBeInTheDocument();
    expect(within(card).getByText('583231')).toBeInTheDocument();
    expect(within(card).getByText('The Octocat')).toBeInTheDocument();
    expect(within(card).getByText('octo@mail.test')).toBeInTheDocument();
    expect(within(card).getByText('November 21, 2026')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Disconnect GitHub' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Connect Google' })).toBeEnabled();
  });

  it('connects by sending the browser to the provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetchMock = renderConnect([]);
    fetchMock.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/auth/google'))
        return new Response(JSON.stringify({ data: 'https://accounts.example/auth' }));
      if (url.startsWith('/api/user/logins')) return new Response(JSON.stringify({ data: [] }));
      return new Response(JSON.stringify({ data: ['google'] }));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Google' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/auth'));
  });

  it('offers no connect button for a provider this site does not configure', async () => {
    renderConnect([], ['github']);
    expect(await screen.findByRole('button', { name: 'Connect Google' })).toBeDisabled();
    expect(screen.getAllByText('This site does not offer signing in with this provider yet.')).toHaveLength(3);
  });

  it('speaks Burmese', async () => {
    await changeLocale('my');
    renderConnect([github]);
    expect(await screen.findByText('ချိတ်ဆက်ထားသည်')).toBeInTheDocument();
    queryClient.clear();
  });
});
