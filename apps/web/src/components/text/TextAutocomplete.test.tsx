import type { Suggestions } from '@inkwell/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';
import { renderInApp } from '../../test/renderInApp';
import { answerAs, type Sent } from '../../test/testServer';
import { StatusPostForm } from '../StatusPostForm';
import { wordAtCaret } from './TextAutocomplete';

const suggestions: Suggestions = {
  accounts: [
    { id: 3, username: 'harbour', name: 'Harbour Sketches', description: '', profile_url: null, followers_count: 4 },
  ],
  users: [{ id: 7, name: 'Aye Chan', username: 'ayechan', profile_url: null }],
  tags: [{ tag: 'မုန့်ဟင်းခါး', posts_count: 9 }],
};

function Status({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <StatusPostForm label="What's happening?" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: "What's happening?" }) as HTMLTextAreaElement;
const asked = (sent: Sent[]) =>
  sent
    .filter((s) => s.url.startsWith('/api/search/suggest'))
    .map((s) => new URL(s.url, 'http://x').searchParams.get('q'));

beforeEach(() => {
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('the word at the caret', () => {
  it('is an @name or a #tag in any script, not a part of an address or a word', () => {
    expect(wordAtCaret('Hi @ay', 6)).toEqual({ sign: '@', query: 'ay', start: 3, end: 6 });
    expect(wordAtCaret('ညစာ #မုန့်', 10)).toMatchObject({ sign: '#', query: 'မုန့်', start: 4 });
    expect(wordAtCaret('ไปเที่ยว #เชียง', 15)).toMatchObject({ sign: '#', query: 'เชียง' });
    // The whole word, when the caret is inside it.
    expect(wordAtCaret('@ayechan rocks', 3)).toEqual({ sign: '@', query: 'ay', start: 0, end: 8 });
    expect(wordAtCaret('me@harbour', 10)).toBeNull();
    expect(wordAtCaret('https://x.test/#top', 19)).toBeNull();
    expect(wordAtCaret('Hi @', 4)).toBeNull();
    expect(wordAtCaret('Hi @ay ', 7)).toBeNull();
  });
});

describe('suggestions while writing', () => {
  it('puts the person chosen with the arrows and Enter in place of what was typed', async () => {
    const sent = answerAs({ 'GET /api/search/suggest': [200, { data: suggestions }] });
    renderInApp(<Status />);
    await userEvent.type(field(), 'Thanks @ay');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Harbour Sketches@harbour', 'Aye Chan@ayechan']);
    // The first is chosen already: Enter or Tab takes it.
    expect(field()).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0]!.id);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('Thanks @ayechan ');
    expect(field().selectionStart).toBe('Thanks @ayechan '.length);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(asked(sent).at(-1)).toBe('ay');
  });

  it('puts a tag in by a tap, in the middle of the text too', async () => {
    answerAs({ 'GET /api/search/suggest': [200, { data: suggestions }] });
    renderInApp(<Status initial="ညစာ  စားမယ်" />);
    const box = field();
    await userEvent.click(box);
    box.setSelectionRange(4, 4);
    await userEvent.keyboard('#မု');
    await userEvent.click(await screen.findByRole('option', { name: /#မုန့်ဟင်းခါး/ }));
    expect(screen.getByTestId('value').textContent).toBe('ညစာ #မုန့်ဟင်းခါး စားမယ်');
  });

  it('closes on Escape, and Tab takes a suggestion', async () => {
    answerAs({ 'GET /api/search/suggest': [200, { data: suggestions }] });
    renderInApp(<Status />);
    await userEvent.type(field(), '@har');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.type(field(), 'b');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Tab}');
    expect(screen.getByTestId('value').textContent).toBe('@harbour ');
  });

  it('suggests nothing and takes no key while an input method composes a word', async () => {
    const sent = answerAs({ 'GET /api/search/suggest': [200, { data: suggestions }] });
    renderInApp(<Status />);
    const box = field();
    await userEvent.type(box, '#');
    fireEvent.compositionStart(box);
    fireEvent.change(box, { target: { value: '#မု' } });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(asked(sent)).toEqual([]);
    fireEvent.compositionEnd(box);
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await waitFor(() => expect(asked(sent)).toEqual(['မု']));
  });
});
