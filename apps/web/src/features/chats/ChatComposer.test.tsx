import type { ChatMessage } from '@inkwell/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/renderInApp';
import { ChatComposer } from './ChatComposer';

const message = (id: number, text: string): ChatMessage => ({
  id,
  room_id: 7,
  from: 1,
  from_name: 'Ari',
  from_profile_url: null,
  message: text,
  image: null,
  date: '2026-11-24T08:00:00.000Z',
  is_account: false,
});

/** A server whose answers the test releases one by one, to hold a send in flight. */
function slowServer() {
  const pending: { body: { message: string | null }; answer: (res: Response) => void }[] = [];
  const fetchMock = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((answer) => {
        pending.push({ body: JSON.parse(String(init.body)) as { message: string | null }, answer });
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return pending;
}

const send = (text: string) => {
  const box = screen.getByRole('textbox', { name: 'Message' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
};

afterEach(() => vi.unstubAllGlobals());

describe('chat composer', () => {
  it('empties at once, so a message typed while the last one is sending is sent after it, in order', async () => {
    const pending = slowServer();
    const onSent = vi.fn();
    renderInApp(<ChatComposer roomId={7} onSent={onSent} />);

    send('while you were away');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await waitFor(() => expect(pending).toHaveLength(1));
    send('and once more');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    // The second waits for the first, so the server gets them in the order they were written.
    expect(pending).toHaveLength(1);

    pending[0]!.answer(new Response(JSON.stringify({ data: message(1, 'while you were away') }), { status: 201 }));
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending.map((p) => p.body.message)).toEqual(['while you were away', 'and once more']);
    pending[1]!.answer(new Response(JSON.stringify({ data: message(2, 'and once more') }), { status: 201 }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(2));
    expect(onSent.mock.calls.map(([m]) => (m as ChatMessage).message)).toEqual([
      'while you were away',
      'and once more',
    ]);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('puts a message that could not be sent back, with the reason, and sends nothing else in its name', async () => {
    const pending = slowServer();
    const onSent = vi.fn();
    renderInApp(<ChatComposer roomId={7} onSent={onSent} />);

    send('lost words');
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0]!.answer(
      new Response(JSON.stringify({ message: 'You can no longer write in this chat.' }), { status: 403 }),
    );
    expect(await screen.findByText('You can no longer write in this chat.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('lost words');
    expect(onSent).not.toHaveBeenCalled();
  });

  it('keeps what was typed meanwhile when an earlier message fails, and loses no failed words', async () => {
    const pending = slowServer();
    renderInApp(<ChatComposer roomId={7} onSent={vi.fn()} />);

    send('lost words');
    send('more lost words');
    await waitFor(() => expect(pending).toHaveLength(1));
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'new draft' } });
    pending[0]!.answer(new Response(JSON.stringify({ message: 'Too many messages.' }), { status: 429 }));
    expect(await screen.findByText('Too many messages.')).toBeInTheDocument();
    await waitFor(() => expect(pending).toHaveLength(2));
    pending[1]!.answer(new Response(JSON.stringify({ message: 'Too many messages.' }), { status: 429 }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('new draft\nlost words\nmore lost words'),
    );
  });
});
