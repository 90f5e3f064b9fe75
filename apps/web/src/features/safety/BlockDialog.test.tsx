import type { Account, Person } from '@inkwell/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { changeLocale } from '../../i18n';
import { account as accountFixture } from '../../test/fixtures';
import { renderInApp } from '../../test/renderInApp';
import { personKey } from '../users/api';
import { Safety } from './index';
import { answerAs, writes } from '../../test/testServer';

const person = (over: Partial<Person> = {}): Person => ({
  id: 5,
  name: 'Rude Writer',
  username: 'rudewriter',
  profile_url: null,
  is_friend: true,
  pending_friend_request: false,
  awaiting_friend_request: false,
  is_me: false,
  is_blocked: false,
  ...over,
});

const account = (over: Partial<Account> = {}): Account =>
  accountFixture({
    description: '',
    organization: { id: 1, name: 'Harbour', username: 'harbour-org' },
    followers_count: 10,
    is_followed: true,
    ...over,
  });

beforeEach(() => queryClient.clear());
afterEach(async () => {
  vi.unstubAllGlobals();
  // A toast left up from one test slows the next one's change of language (the toasts redraw with it).
  notifications.clean();
  await changeLocale('en');
});

describe('blocking asks first', () => {
  it('says what a block does, then Block sends it, marks the person blocked and closes', async () => {
    const sent = answerAs({ 'POST /api/users/5/block': [200, { is_blocked: true }] });
    queryClient.setQueryData(personKey(5), { data: person() });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderInApp(<Safety part="block" target={{ kind: 'user', id: 5, name: 'Rude Writer' }} onClose={onClose} />);

    const dialog = await screen.findByRole('dialog', { name: 'Block Rude Writer?' });
    expect(dialog).toHaveTextContent(/won't be able to follow you, message you or comment on your posts/);
    expect(dialog).toHaveTextContent("They won't be told.");
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(sent)).toEqual(['POST /api/users/5/block']);
    expect(await screen.findByText('You blocked Rude Writer.')).toBeInTheDocument();
    expect(queryClient.getQueryData<{ data: Person }>(personKey(5))?.data.is_blocked).toBe(true);
  });

  it('Cancel sends nothing', async () => {
    const sent = answerAs({});
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderInApp(<Safety part="block" target={{ kind: 'user', id: 5, name: 'Rude Writer' }} onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('blocks the people behind an account without naming them, and the account page knows at once', async () => {
    const sent = answerAs({ 'POST /api/accounts/3/block': [200, { is_blocked: true }] });
    queryClient.setQueryData(['account', 'harbour'], { data: account() });
    const user = userEvent.setup();
    renderInApp(
      <Safety part="block" target={{ kind: 'account', id: 3, name: 'Harbour Sketches' }} onClose={() => undefined} />,
    );
    expect(await screen.findByText(/blocks the people who run this account, without naming them/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(writes(sent)).toEqual(['POST /api/accounts/3/block']));
    await waitFor(() =>
      expect(queryClient.getQueryData<{ data: Account }>(['account', 'harbour'])?.data.is_blocked).toBe(true),
    );
  });

  it('shows the server’s refusal and stays open', async () => {
    answerAs({
      'POST /api/users/5/block': [422, { message: "You can't block or mute yourself.", code: 'safety.self' }],
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderInApp(<Safety part="block" target={{ kind: 'user', id: 5, name: 'Rude Writer' }} onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    expect(await screen.findByText("You can't block or mute yourself.")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('speaks Burmese, its messages loaded with it', async () => {
    answerAs({});
    await changeLocale('my');
    renderInApp(
      <Safety part="block" target={{ kind: 'user', id: 5, name: 'Rude Writer' }} onClose={() => undefined} />,
    );
    expect(await screen.findByRole('dialog', { name: 'Rude Writer ကို ပိတ်ဆို့မလား။' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'ပိတ်ဆို့ရန်' })).toBeVisible();
  });
});

describe('a person’s and an account’s menu and state', () => {
  it('unblocks from the page at once, without asking', async () => {
    const sent = answerAs({ 'DELETE /api/users/5/block': [200, { is_blocked: false }] });
    queryClient.setQueryData(personKey(5), { data: person({ is_blocked: true, is_friend: false }) });
    const user = userEvent.setup();
    renderInApp(<Safety part="state" subject={{ kind: 'user', person: person({ is_blocked: true }) }} />);
    expect(await screen.findByText('You blocked this person.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(writes(sent)).toEqual(['DELETE /api/users/5/block']));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('You unblocked Rude Writer.')).toBeInTheDocument();
    expect(queryClient.getQueryData<{ data: Person }>(personKey(5))?.data.is_blocked).toBe(false);
  });

  it('mutes an account from its menu, and Undo in the toast unmutes it', async () => {
    const sent = answerAs({
      'POST /api/accounts/3/mute': [200, { is_muted: true }],
      'DELETE /api/accounts/3/mute': [200, { is_muted: false }],
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderInApp(<Safety part="menu" subject={{ kind: 'account', account: account() }} onClose={onClose} />);
    expect(await screen.findByRole('dialog', { name: 'More actions' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Report this account' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Block this account' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Mute this account' }));
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText("You muted Harbour Sketches. Its posts won't appear in your feeds.")).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('You unmuted Harbour Sketches.')).toBeInTheDocument();
    expect(writes(sent)).toEqual(['POST /api/accounts/3/mute', 'DELETE /api/accounts/3/mute']);
  });

  it('goes from the menu to the block question, and sends nothing before Block', async () => {
    const sent = answerAs({});
    const user = userEvent.setup();
    renderInApp(<Safety part="menu" subject={{ kind: 'user', person: person() }} onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Block this person' }));
    expect(await screen.findByRole('dialog', { name: 'Block Rude Writer?' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Report this person' })).toBeNull());
    expect(sent).toEqual([]);
  });

  it('shows a muted account as muted, with Unmute', async () => {
    const sent = answerAs({ 'DELETE /api/accounts/3/mute': [200, { is_muted: false }] });
    const user = userEvent.setup();
    renderInApp(<Safety part="state" subject={{ kind: 'account', account: account({ is_muted: true }) }} />);
    expect(await screen.findByText('Muted')).toBeVisible();
    expect(screen.queryByText(/You blocked/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    await waitFor(() => expect(writes(sent)).toEqual(['DELETE /api/accounts/3/mute']));
  });

  it('says above a post opened by link why feeds leave it out', async () => {
    answerAs({});
    renderInApp(<Safety part="notice" post={{ is_blocked: false, is_muted: true }} />);
    expect(await screen.findByRole('note')).toHaveTextContent('You muted this account.');
  });
});
