import type { Suggestions } from '@inkwell/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { ShellHeader } from '../../app/shell/ShellHeader';
import { signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';
import { answerAs, type Sent } from '../../test/testServer';

const suggestions: Suggestions = {
  accounts: [
    {
      id: 3,
      username: 'harbour',
      name: 'Harbour Sketches',
      description: '',
      profile_url: null,
      followers_count: 4,
    },
  ],
  users: [{ id: 9, name: 'Hla Hla', username: 'hlahla', profile_url: null }],
  tags: [{ tag: 'harbour_life', posts_count: 3 }],
};

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderHeader() {
  render(
    <Providers>
      <MemoryRouter initialEntries={['/home']}>
        <ShellHeader />
        <Address />
      </MemoryRouter>
    </Providers>,
  );
  return screen.getByRole('searchbox', { name: 'Search' });
}

/** An option's words as read aloud: its signs (the tag's #) are drawn for the eye only. */
function said(option: HTMLElement): string {
  const copy = option.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((node) => node.remove());
  return copy.textContent ?? '';
}

const suggested = (sent: Sent[]) =>
  sent
    .filter((s) => s.url.startsWith('/api/search/suggest'))
    .map((s) => new URL(s.url, 'http://x').searchParams.get('q'));

beforeEach(() => {
  signOut();
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('the header search box’s suggestions', () => {
  it('suggests accounts, people and tags as one types, and the arrows and Enter open one', async () => {
    const sent = answerAs({ 'GET /api/search/suggest': [200, { data: suggestions }] });
    const box = renderHeader();
    await userEvent.type(box, 'har');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(within(list).getAllByRole('option').map(said)).toEqual([
      'Harbour Sketches/a/harbour',
      'Hla Hla@hlahla',
      '#harbour_life3 posts',
      'Search for “har”',
    ]);
    expect(within(list).getByRole('group', { name: 'Accounts' })).toBeInTheDocument();
    // One request for the word, once typing paused: not one per letter.
    expect(suggested(sent)).toEqual(['har']);
    // Still the searchbox (the same element), now with its list.
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const person = within(list).getByRole('option', { name: /Hla Hla/ });
    expect(person).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', person.id);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('address')).toHaveTextContent('/u/9');
  });

  it('searches on Enter when no suggestion is chosen, and a tap opens a tag', async () => {
    answerAs({ 'GET /api/search/suggest': [200, { data: suggestions }] });
    const box = renderHeader();
    await userEvent.type(box, 'har');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=har');

    const again = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.clear(again);
    await userEvent.type(again, 'harb');
    await userEvent.click(await screen.findByRole('option', { name: /#harbour_life/ }));
    expect(screen.getByTestId('address')).toHaveTextContent('/tags/harbour_life');
  });

  it('closes on Escape and leaves the box as it was', async () => {
    answerAs({ 'GET /api/search/suggest': [200, { data: suggestions }] });
    const box = renderHeader();
    await userEvent.type(box, 'har');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('har');
    expect(box).not.toHaveAttribute('aria-controls');
  });

  it('leaves a word being composed by an input method alone: no query for it, and its Enter and arrows are its own', async () => {
    const sent = answerAs({ 'GET /api/search/suggest': [200, { data: suggestions }] });
    const box = renderHeader();
    await userEvent.type(box, 'ha');
    await screen.findByRole('listbox');

    fireEvent.compositionStart(box);
    fireEvent.change(box, { target: { value: 'haမ' } });
    fireEvent.keyDown(box, { key: 'ArrowDown', isComposing: true });
    expect(box).not.toHaveAttribute('aria-activedescendant');
    // Safari says a composing key by its code after the word is done.
    fireEvent.keyDown(box, { key: 'ArrowDown', keyCode: 229 });
    expect(box).not.toHaveAttribute('aria-activedescendant');
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByTestId('address')).toHaveTextContent('/home');
    expect(suggested(sent)).not.toContain('haမ');

    fireEvent.change(box, { target: { value: 'haမြ' } });
    fireEvent.compositionEnd(box);
    await waitFor(() => expect(suggested(sent).at(-1)).toBe('haမြ'));
  });
});
