import type { Post, Tier } from '@inkwell/contracts';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { post as postFixture, sessionUser } from '../../test/fixtures';
import { answerAs, writes } from '../../test/testServer';
import { ComposePage } from './ComposePage';
import { EditPostPage } from './EditPostPage';

/** A tier of account 5 as its people see it (hidden ones too). */
const tier = (id: number, name: string, position: number, hidden = false): Tier => ({
  id,
  account_id: 5,
  name,
  description: '',
  benefits: [],
  monthly_price: 3000,
  yearly_price: null,
  currency: 'MMK',
  position,
  hidden,
  can_modify: true,
  members_count: 0,
  move_price: null,
});
const TIERS = [tier(13, 'Old friends', 0, true), tier(11, 'Friend', 1), tier(12, 'Patron', 2)];

const eats = { id: 5, name: 'Yangon Eats', username: 'yangon_eats', approved_status: 'approved' };
const quiet = { id: 9, name: 'Quiet Notes', username: 'quiet_notes', approved_status: 'approved' };

/** What Publish sent: the writes but the draft the composer keeps as it is written (refused here: 422). */
const published = (sent: Parameters<typeof writes>[0]) =>
  writes(sent).filter(([, body]) => (body as { status?: string } | undefined)?.status !== 'draft');

function renderAt(path: string) {
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/compose" element={<ComposePage />} />
          <Route path="/profile/posts/:slug" element={<EditPostPage />} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

const choice = () => screen.findByRole('radiogroup', { name: 'Who can read this' });

beforeEach(() => {
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  signOut();
});

describe('compose: who can read this', () => {
  it('offers everyone or a tier and up, the hidden tier last and marked, and sends the tier chosen', async () => {
    const sent = answerAs({
      'GET /api/user/accounts': [200, { data: [eats] }],
      'GET /api/accounts/5/tiers': [200, { data: TIERS }],
      'POST /api/posts': [422, { message: 'Not now' }],
    });
    const user = userEvent.setup();
    renderAt('/compose');
    const group = await choice();
    const options = within(group).getAllByRole('radio');
    expect(options.map((o) => o.textContent)).toEqual([
      'EveryoneAnyone, signed in or not',
      'Members of Friend and above',
      'Members of Patron and above',
      'Members of Old friends and aboveHidden tier: it takes no new members',
    ]);
    expect(within(group).getByRole('radio', { name: /^Everyone/ })).toBeChecked();

    await user.type(screen.getByRole('textbox', { name: /What/ }), 'For patrons');
    await user.click(within(group).getByRole('radio', { name: 'Members of Patron and above' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(published(sent)).toHaveLength(1));
    expect(published(sent)[0]).toEqual([
      'POST /api/posts',
      { account_id: 5, type: 'status', content: 'For patrons', min_tier_id: 12, status: 'published' },
    ]);
  });

  it('shows nothing to choose for an account without tiers, and publishes for everyone', async () => {
    const sent = answerAs({
      'GET /api/user/accounts': [200, { data: [quiet] }],
      'GET /api/accounts/9/tiers': [200, { data: [] }],
      'POST /api/posts': [422, { message: 'Not now' }],
    });
    const user = userEvent.setup();
    renderAt('/compose');
    await user.type(await screen.findByRole('textbox', { name: /What/ }), 'Hello');
    await waitFor(() => expect(sent.map((s) => s.url)).toContain('/api/accounts/9/tiers'));
    expect(screen.queryByRole('radiogroup', { name: 'Who can read this' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(published(sent)).toHaveLength(1));
    expect(published(sent)[0]).toEqual([
      'POST /api/posts',
      { account_id: 9, type: 'status', content: 'Hello', min_tier_id: null, status: 'published' },
    ]);
  });

  it('starts public again on another account, whose tiers it offers (or none)', async () => {
    answerAs({
      'GET /api/user/accounts': [200, { data: [eats, quiet] }],
      'GET /api/accounts/5/tiers': [200, { data: TIERS }],
      'GET /api/accounts/9/tiers': [200, { data: [] }],
    });
    const user = userEvent.setup();
    renderAt('/compose');
    await user.click(within(await choice()).getByRole('radio', { name: 'Members of Friend and above' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Post as' }), '9');
    await waitFor(() => expect(screen.queryByRole('radiogroup', { name: 'Who can read this' })).toBeNull());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Post as' }), '5');
    expect(within(await choice()).getByRole('radio', { name: /^Everyone/ })).toBeChecked();
  });

  it('shows the server’s word on the tier at the choice', async () => {
    answerAs({
      'GET /api/user/accounts': [200, { data: [eats] }],
      'GET /api/accounts/5/tiers': [200, { data: TIERS }],
      'POST /api/posts': [
        422,
        { message: 'The given data was invalid.', errors: { min_tier_id: ['This tier is not one of the account’s.'] } },
      ],
    });
    const user = userEvent.setup();
    renderAt('/compose');
    const group = await choice();
    await user.type(screen.getByRole('textbox', { name: /What/ }), 'For friends');
    await user.click(within(group).getByRole('radio', { name: 'Members of Friend and above' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    // At the choice: its own message, which the group's description reads out.
    await waitFor(() => expect(group).toHaveAccessibleDescription(/This tier is not one of the account’s\./));
    // Choosing again takes the error away.
    await user.click(within(group).getByRole('radio', { name: 'Members of Patron and above' }));
    await waitFor(() => expect(screen.queryByText('This tier is not one of the account’s.')).toBeNull());
  });
});

describe('editing: who can read this', () => {
  const members: Post = postFixture(41, {
    slug: 'for-friends-ab12',
    content: 'Only for friends',
    account_id: 5,
    account: { id: 5, username: 'yangon_eats', name: 'Yangon Eats', profile_url: null },
    min_tier: { id: 11, name: 'Friend' },
    can_modify: true,
  });
  const serve = () =>
    answerAs({
      'GET /api/posts/slug/for-friends-ab12': [200, { data: members }],
      'GET /api/accounts/5/tiers': [200, { data: TIERS }],
      'PUT /api/posts/41': [200, { data: members }],
    });

  it('keeps the post’s tier: Update leaves it as it is', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderAt('/profile/posts/for-friends-ab12');
    expect(within(await choice()).getByRole('radio', { name: 'Members of Friend and above' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual(['PUT /api/posts/41', { content: 'Only for friends' }]);
  });

  it('changes it: to everyone', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderAt('/profile/posts/for-friends-ab12');
    await user.click(within(await choice()).getByRole('radio', { name: /^Everyone/ }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual(['PUT /api/posts/41', { content: 'Only for friends', min_tier_id: null }]);
  });
});
