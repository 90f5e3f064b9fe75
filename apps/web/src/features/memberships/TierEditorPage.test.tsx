import type { Tier } from '@inkwell/contracts';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { account, sessionUser } from '../../test/fixtures';
import { answerAs, writes } from '../../test/testServer';
import { TierEditorPage } from './MembershipPages';
import { tier } from './testData';

const mine = [200, { data: [account({ can_modify: true })] }] as const;
const owned = (over: Partial<Tier> = {}) => tier({ can_modify: true, members_count: 2, ...over });

function renderEditor() {
  render(
    <Providers>
      <MemoryRouter initialEntries={['/accounts/3/tiers']}>
        <Routes>
          <Route path="/accounts/:id/tiers" element={<TierEditorPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  signOut();
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('the tier editor', () => {
  it('lists the tiers with their members, and adds one', async () => {
    let added = false;
    const sent = answerAs({
      'GET /api/user/accounts': mine,
      'GET /api/accounts/3/tiers': () => [
        200,
        { data: added ? [owned(), owned({ id: 12, name: 'Patron' })] : [owned()] },
      ],
      'POST /api/accounts/3/tiers': () => {
        added = true;
        return [201, { data: owned({ id: 12, name: 'Patron' }) }];
      },
    });
    const user = userEvent.setup();
    renderEditor();
    expect(screen.getByRole('heading', { level: 1, name: 'Membership tiers' })).toBeVisible();
    const friend = await screen.findByRole('article', { name: 'Friend' });
    expect(within(friend).getByText('2 members')).toBeVisible();
    expect(screen.getByText('Harbour Sketches')).toBeVisible();
    expect(screen.getByText('1 of 5 tiers')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add a tier' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tier' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Patron');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Benefits' }),
      'Early posts{enter}{enter}A call a month',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Price for a month/ }), '10000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('article', { name: 'Patron' })).toBeVisible();
    expect(writes(sent)).toEqual([
      [
        'POST /api/accounts/3/tiers',
        {
          name: 'Patron',
          description: '',
          benefits: ['Early posts', 'A call a month'],
          monthly_price: 10000,
          yearly_price: null,
          currency: 'MMK',
          position: 1,
          hidden: false,
        },
      ],
    ]);
  });

  it('shows the server’s refusal under the field it names', async () => {
    answerAs({
      'GET /api/user/accounts': mine,
      'GET /api/accounts/3/tiers': [200, { data: [owned()] }],
      'PUT /api/tiers/11': [
        422,
        {
          message: 'The given data was invalid.',
          errors: { yearly_price: ['The price must be at most 10,000,000.'], 'benefits.1': ['Too long.'] },
          code: 'validation_failed',
        },
      ],
    });
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edit Friend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Friend' });
    const yearly = within(dialog).getByRole('textbox', { name: 'Price for a year' });
    expect(yearly).toHaveValue('30,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(yearly).toHaveAttribute('aria-invalid', 'true'));
    expect(yearly).toHaveAccessibleDescription(/The price must be at most 10,000,000\./);
    expect(within(dialog).getByRole('textbox', { name: 'Benefits' })).toHaveAccessibleDescription(/Too long\./);
    expect(within(dialog).getByRole('textbox', { name: /Price for a month/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('offers no sixth tier, and says why', async () => {
    const five = [1, 2, 3, 4, 5].map((n) => owned({ id: n, name: `Tier ${n}`, position: n }));
    answerAs({ 'GET /api/user/accounts': mine, 'GET /api/accounts/3/tiers': [200, { data: five }] });
    renderEditor();
    const add = await screen.findByRole('button', { name: 'Add a tier' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('An account can have at most 5 tiers. Hide or change one instead.');
    expect(screen.getByText('5 of 5 tiers')).toBeVisible();
  });

  it('a tier readers joined cannot be deleted: it offers to hide it instead', async () => {
    let hidden = false;
    const sent = answerAs({
      'GET /api/user/accounts': mine,
      'GET /api/accounts/3/tiers': () => [200, { data: [owned({ hidden })] }],
      'DELETE /api/tiers/11': [
        409,
        {
          message: 'Readers have joined this tier, so it can only be hidden, not deleted.',
          code: 'memberships.tier_has_members',
        },
      ],
      'PUT /api/tiers/11': () => {
        hidden = true;
        return [200, { data: owned({ hidden }) }];
      },
    });
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Delete Friend' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete Friend?' });
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    const offer = await screen.findByRole('dialog', { name: 'Hide Friend instead?' });
    expect(
      within(offer).getByText(/Readers have joined this tier, so it can only be hidden, not deleted\./),
    ).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText("Friend is hidden: new readers can't join it.")).toBeInTheDocument();
    expect(await within(screen.getByRole('article', { name: 'Friend' })).findByText('Hidden')).toBeVisible();
    expect(writes(sent)).toEqual([
      'DELETE /api/tiers/11',
      [
        'PUT /api/tiers/11',
        {
          name: 'Friend',
          description: 'Sketches from the river, a week early.',
          benefits: ['Early posts', 'A monthly letter'],
          monthly_price: 3000,
          yearly_price: 30000,
          currency: 'MMK',
          position: 0,
          hidden: true,
        },
      ],
    ]);
  });

  it('deletes a tier nobody joined, after asking', async () => {
    let gone = false;
    const sent = answerAs({
      'GET /api/user/accounts': mine,
      'GET /api/accounts/3/tiers': () => [200, { data: gone ? [] : [owned({ members_count: 0 })] }],
      'DELETE /api/tiers/11': () => {
        gone = true;
        return [200, { message: 'Tier deleted.' }];
      },
    });
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Delete Friend' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Friend?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Tier deleted.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No tiers yet' })).toBeVisible();
    expect(writes(sent)).toEqual(['DELETE /api/tiers/11']);
  });
});
