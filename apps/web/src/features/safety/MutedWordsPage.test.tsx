import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { renderInApp } from '../../test/renderInApp';
import { MutedWordsPage } from './SettingsPages';
import { answerAs, writes } from '../../test/testServer';

const words = (list: string[]) => ({ data: { words: list } });

beforeEach(() => queryClient.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('muted words', () => {
  it('adds and removes words, then saves the whole list', async () => {
    const sent = answerAs({
      'GET /api/user/muted-words': [200, words(['spoiler'])],
      'PUT /api/user/muted-words': (so) => [200, words((so.at(-1)!.body as { words: string[] }).words)],
    });
    const user = userEvent.setup();
    renderInApp(<MutedWordsPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Muted words' })).toBeVisible();
    expect(await screen.findByText(/including Burmese and Thai written without spaces/)).toBeVisible();
    expect(screen.getByText(/stay readable by link/)).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Your muted words' });
    expect(within(list).getByText('spoiler')).toBeVisible();
    expect(screen.getByText('1 of 100 words')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    const box = screen.getByRole('textbox', { name: 'Add a word or phrase' });
    await user.type(box, '  ကြော်ငြာ {Enter}');
    expect(within(list).getByText('ကြော်ငြာ')).toBeVisible();
    expect(box).toHaveValue('');
    await user.type(box, 'หวย');
    expect(screen.getByText('3 of 50 characters')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('3 of 100 words')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remove “spoiler”' }));
    expect(within(list).queryByText('spoiler')).toBeNull();
    expect(screen.getByText('Your changes are not saved yet.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your muted words are saved.')).toBeInTheDocument();
    expect(writes(sent)).toEqual([['PUT /api/user/muted-words', { words: ['ကြော်ငြာ', 'หวย'] }]]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('keeps a word too long or already there from the list, saying why at the field', async () => {
    const sent = answerAs({ 'GET /api/user/muted-words': [200, words(['Spoiler'])] });
    const user = userEvent.setup();
    renderInApp(<MutedWordsPage />);
    const box = await screen.findByRole('textbox', { name: 'Add a word or phrase' });

    await user.type(box, 'spoiler');
    expect(screen.getByText('This word is already in your list.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();

    await user.clear(box);
    await user.type(box, 'x'.repeat(51));
    expect(screen.getByText('A word can have at most 50 characters.')).toBeVisible();
    expect(box).toHaveAccessibleDescription(/A word can have at most 50 characters\./);
    await user.type(box, '{Enter}');
    expect(screen.getByText('1 of 100 words')).toBeVisible();
    expect(writes(sent)).toEqual([]);
  });

  it('shows the server’s refusal at the list, naming the word', async () => {
    answerAs({
      'GET /api/user/muted-words': [200, words([])],
      'PUT /api/user/muted-words': [
        422,
        {
          message: 'Please check the highlighted fields.',
          code: 'validation',
          errors: { 'words.0': ['Must be at most 50 characters.'] },
        },
      ],
    });
    const user = userEvent.setup();
    renderInApp(<MutedWordsPage />);
    expect(await screen.findByText('No muted words yet. Add one above.')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Add a word or phrase' }), 'lottery{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const problem = await screen.findByText('“lottery”: Must be at most 50 characters.');
    expect(problem).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('list', { name: 'Your muted words' })).toHaveAccessibleDescription(
      '“lottery”: Must be at most 50 characters.',
    );

    // Changing the list takes the stale error away.
    await user.click(screen.getByRole('button', { name: 'Remove “lottery”' }));
    expect(screen.queryByText('“lottery”: Must be at most 50 characters.')).toBeNull();
  });
});
