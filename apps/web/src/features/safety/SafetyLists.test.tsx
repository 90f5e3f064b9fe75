import type { BlockedUser, MutedAccount, Paged } from '@inkwell/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { renderInApp } from '../../test/renderInApp';
import { BlockedPage, MutedAccountsPage } from './SettingsPages';
import { answerAs, writes } from '../../test/testServer';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

const page = <T,>(data: T[], current = 1, last = 1): Paged<T> => ({
  data,
  meta: { current_page: current, last_page: last, per_page: 20, total: data.length, links: [] },
});

const blocked = (id: number, name: string): BlockedUser => ({
  id,
  name,
  username: name.toLowerCase().replace(/\s/g, ''),
  profile_url: null,
  blocked_at: daysAgo(2),
});

const muted = (id: number, name: string): MutedAccount => ({
  id,
  name,
  username: name.toLowerCase().replace(/\s/g, '.'),
  profile_url: null,
  muted_at: daysAgo(3),
});

beforeEach(() => queryClient.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('blocked people', () => {
  it('lists whom I blocked and since when; Unblock lets them back at once', async () => {
    let unblocked = false;
    const sent = answerAs({
      'GET /api/user/blocks': () => [200, page(unblocked ? [] : [blocked(9, 'Rude Writer')])],
      'DELETE /api/users/9/block': () => {
        unblocked = true;
        return [200, { is_blocked: false }];
      },
    });
    const user = userEvent.setup();
    renderInApp(<BlockedPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Blocked people' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    const row = await within(list).findByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Rude Writer' })).toHaveAttribute('href', '/u/9');
    expect(row).toHaveTextContent('@rudewriter');
    expect(row).toHaveTextContent('Blocked 2d ago');

    await user.click(within(row).getByRole('button', { name: 'Unblock Rude Writer' }));
    expect(await screen.findByText('You unblocked Rude Writer.')).toBeInTheDocument();
    expect(writes(sent)).toEqual(['DELETE /api/users/9/block']);
    expect(await screen.findByRole('heading', { name: "You haven't blocked anyone" })).toBeVisible();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('says plainly when nobody is blocked', async () => {
    answerAs({ 'GET /api/user/blocks': [200, page([])] });
    renderInApp(<BlockedPage />);
    expect(await screen.findByRole('heading', { name: "You haven't blocked anyone" })).toBeVisible();
    expect(screen.getByText(/You can unblock them at any time/)).toBeVisible();
  });

  it('pages through a long list', async () => {
    const sent = answerAs({
      'GET /api/user/blocks': (so) =>
        so.at(-1)!.url.endsWith('page=2')
          ? [200, page([blocked(2, 'Older One')], 2, 2)]
          : [200, page([blocked(1, 'Newer One')], 1, 2)],
    });
    const user = userEvent.setup();
    renderInApp(<BlockedPage />);
    expect(await screen.findByRole('link', { name: 'Newer One' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByRole('link', { name: 'Older One' })).toBeVisible();
    expect(sent.map((s) => s.url)).toEqual(['/api/user/blocks?page=1', '/api/user/blocks?page=2']);
  });
});

describe('muted accounts', () => {
  it('lists the accounts I muted; Unmute brings their posts back', async () => {
    let unmuted = false;
    const sent = answerAs({
      'GET /api/user/mutes': () => [200, page(unmuted ? [] : [muted(3, 'Harbour Sketches')])],
      'DELETE /api/accounts/3/mute': () => {
        unmuted = true;
        return [200, { is_muted: false }];
      },
    });
    const user = userEvent.setup();
    renderInApp(<MutedAccountsPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Muted accounts' })).toBeVisible();
    const row = await screen.findByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Harbour Sketches' })).toHaveAttribute('href', '/a/harbour.sketches');
    expect(row).toHaveTextContent('Muted 3d ago');
    await user.click(within(row).getByRole('button', { name: 'Unmute Harbour Sketches' }));
    await waitFor(() => expect(writes(sent)).toEqual(['DELETE /api/accounts/3/mute']));
    expect(await screen.findByRole('heading', { name: 'No muted accounts' })).toBeVisible();
  });

  it('says how to mute when none is', async () => {
    answerAs({ 'GET /api/user/mutes': [200, page([])] });
    renderInApp(<MutedAccountsPage />);
    expect(await screen.findByRole('heading', { name: 'No muted accounts' })).toBeVisible();
    expect(screen.getByText(/from its page or a post's menu/)).toBeVisible();
  });
});
