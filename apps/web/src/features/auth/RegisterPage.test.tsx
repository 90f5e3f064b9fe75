import { RegisterBody } from '@inkwell/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/renderInApp';
import { RegisterPage } from './RegisterPage';

/**
 * The server's 422 for a body, built from the contract's own schema (the one the server validates with): each
 * issue under the field its path names, as the server's error handler reports them.
 */
function refusal(body: unknown): Response {
  const parsed = RegisterBody.safeParse(body);
  const errors: Record<string, string[]> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  }
  return new Response(JSON.stringify({ code: 'validation', message: 'Please check the highlighted fields.', errors }), {
    status: 422,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('register form', () => {
  it('marks the confirmation, not the password, when the two differ', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => refusal(JSON.parse(String(init?.body)))),
    );
    renderInApp(<RegisterPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Aye Aye');
    await user.type(screen.getByLabelText('Username'), 'ayeaye');
    await user.type(screen.getByLabelText('Email'), 'aye@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-unusual-passphrase');
    await user.type(screen.getByLabelText('Confirm password'), 'a-long-unusual-passphrasf');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    // The message is read with the field it belongs to (Mantine ties the error to its input's description).
    const confirmation = screen.getByLabelText('Confirm password');
    await waitFor(() => expect(confirmation).toHaveAccessibleDescription(/validation\.password_confirmed/));
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription(/password_confirmed/);
  });
});
