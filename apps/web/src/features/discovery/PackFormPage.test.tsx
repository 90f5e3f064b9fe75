import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';
import { hit, pack } from '../../test/packFixtures';
import { answerAs, writes } from '../../test/testServer';
import { PackFormPage } from './PackFormPage';

// Mantine's dropdowns scroll the selected option into view; jsdom lays nothing out.
Element.prototype.scrollIntoView ??= () => undefined;

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname}</output>;
}

function renderForm(url: string) {
  render(
    <Providers>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/packs/new" element={<PackFormPage />} />
          <Route path="/packs/:id/edit" element={<PackFormPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Address />
      </MemoryRouter>
    </Providers>,
  );
}

const suggest = {
  data: {
    accounts: [hit(3, 'Harbour Sketches'), hit(4, 'Harbour Nights')],
    users: [{ id: 70, name: 'Harbour Fan', username: 'fan', profile_url: null }],
    tags: [{ tag: 'harbour', posts_count: 3 }],
  },
};

beforeEach(() => {
  queryClient.clear();
  signIn('tok', sessionUser({ has_account: true }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('the starter pack form', { timeout: 30_000 }, () => {
  it('finds accounts as I type, sends the ones chosen, and opens the new pack', async () => {
    const user = userEvent.setup();
    const sent = answerAs({
      'GET /api/search/suggest': [200, suggest],
      'POST /api/packs': [201, { data: pack({ id: 8 }) }],
      'GET /api/packs/8': [200, { data: pack({ id: 8 }) }],
    });
    renderForm('/packs/new');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Harbour people');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Boats and drawings');
    await user.type(screen.getByPlaceholderText("Type an account's name"), 'harb');
    // Accounts only: people and tags are no choice here.
    await user.click(await screen.findByRole('option', { name: /Harbour Nights/, hidden: true }));
    expect(screen.queryByRole('option', { name: /Harbour Fan/, hidden: true })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 50 chosen. Type a name to find an account.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create pack' }));
    await vi.waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/packs/8'));
    expect(writes(sent)).toEqual([
      ['POST /api/packs', { name: 'Harbour people', description: 'Boats and drawings', account_ids: [4] }],
    ]);
    expect(sent.find((s) => s.url.startsWith('/api/search/suggest'))!.url).toBe('/api/search/suggest?q=harb');
  });

  it("shows the server's refusal under the field it is about", async () => {
    const user = userEvent.setup();
    answerAs({
      'GET /api/packs/5': [200, { data: pack({ can_modify: true }) }],
      'PUT /api/packs/5': [
        422,
        { message: 'The given data was invalid.', errors: { 'account_ids.1': ['This account is not published.'] } },
      ],
    });
    renderForm('/packs/5/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit starter pack' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Yangon food writers');
    // The pack's accounts are chips, each with its remove button.
    expect(screen.getByText('Harbour Sketches')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This account is not published.')).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Type an account's name")).toHaveAttribute('aria-invalid', 'true');
  });
});
