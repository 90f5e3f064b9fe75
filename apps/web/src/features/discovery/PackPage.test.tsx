import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';
import { hit, pack } from '../../test/packFixtures';
import { answerAs, writes } from '../../test/testServer';
import { PackPage } from './PackPage';

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname}</output>;
}

function renderPack() {
  render(
    <Providers>
      <MemoryRouter initialEntries={['/packs/5']}>
        <Routes>
          <Route path="/packs/:id" element={<PackPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Address />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  signOut();
  queryClient.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('a starter pack', () => {
  it('shows its name, maker and accounts, and follows them all at once', async () => {
    signIn('tok', sessionUser());
    let followed = false;
    const sent = answerAs({
      'GET /api/packs/5': () => [
        200,
        {
          data: pack({
            accounts: [
              hit(3, 'Harbour Sketches', { is_followed: followed }),
              hit(4, 'Mohinga Daily', { is_followed: true }),
            ],
          }),
        },
      ],
      'POST /api/packs/5/follow-all': () => {
        followed = true;
        return [200, { data: { followed: 1, already: 1 } }];
      },
    });
    renderPack();
    expect(await screen.findByRole('heading', { level: 1, name: 'Yangon food writers' })).toBeInTheDocument();
    expect(screen.getByText('Where to eat, and why')).toBeInTheDocument();
    expect(screen.getByText(/By Thiri Aung/)).toHaveTextContent('By Thiri Aung · 2 accounts');
    const accounts = screen.getByRole('region', { name: 'In this pack' });
    expect(within(accounts).getByRole('button', { name: 'Follow Harbour Sketches' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Follow all' }));
    expect(await screen.findByText('You now follow 1 more account.')).toBeInTheDocument();
    expect(await within(accounts).findByRole('button', { name: 'Following Harbour Sketches' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(writes(sent)).toEqual(['POST /api/packs/5/follow-all']);
  });

  it('asks a guest to sign in first, to come back to the pack', async () => {
    const sent = answerAs({ 'GET /api/packs/5': [200, { data: pack() }] });
    renderPack();
    await userEvent.click(await screen.findByRole('button', { name: 'Follow all' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/login');
    expect(JSON.parse(localStorage.getItem('inkwell.return_to')!).path).toBe('/packs/5');
    expect(writes(sent)).toEqual([]);
  });

  it('copies its link where the browser cannot share', async () => {
    const writeText = vi.fn(async () => undefined);
    // jsdom has no share sheet; the clipboard is the fallback.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    answerAs({ 'GET /api/packs/5': [200, { data: pack() }] });
    renderPack();
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(await screen.findByText('Link copied. Paste it anywhere to share this pack.')).toBeInTheDocument();
  });
});
