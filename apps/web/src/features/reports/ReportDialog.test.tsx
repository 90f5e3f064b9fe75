import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { renderInApp } from '../../test/renderInApp';
import { ReportDialog } from './ReportDialog';

/** The requests the dialog makes, answered as the server would. */
function server(status = 201, answer: unknown = { data: { id: 9, status: 'open' } }) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('the report dialog', () => {
  it('asks for a reason first, then sends it with the words given, and closes', async () => {
    const sent = server();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderInApp(<ReportDialog target={{ type: 'comment', id: 42 }} onClose={onClose} />);

    await user.click(await screen.findByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Choose what is wrong.')).toBeVisible();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Harassment or bullying' }));
    await user.type(screen.getByRole('textbox', { name: /Anything to add/ }), '  He keeps insulting me  ');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        url: expect.stringMatching(/\/api\/reports$/),
        body: { target_type: 'comment', target_id: 42, reason: 'harassment', comment: 'He keeps insulting me' },
      },
    ]);
  });

  it('tells that a chat report carries the room’s last messages', async () => {
    server();
    renderInApp(<ReportDialog target={{ type: 'chat_message', id: 3 }} onClose={() => undefined} />);
    expect(await screen.findByText(/last 20 messages of this chat/)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Report message' })).toBeVisible();
  });

  it('shows the server’s refusal on the field and stays open', async () => {
    server(422, {
      message: 'Please check the highlighted fields.',
      errors: { target_id: ['You cannot report your own post.'] },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderInApp(<ReportDialog target={{ type: 'post', id: 5 }} onClose={onClose} />);
    await user.click(await screen.findByRole('radio', { name: 'Spam or scam' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Please check the highlighted fields.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
