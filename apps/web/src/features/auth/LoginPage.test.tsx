import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { LoginPage } from './LoginPage';

let resent: unknown[] = [];

beforeEach(() => {
  queryClient.clear();
  resent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/login')
        return new Response(
          JSON.stringify({
            message: 'Please activate your account first: open the link we sent to your e-mail address.',
            code: 'auth.not_activated',
          }),
          { status: 403 },
        );
      if (url === '/api/email/resend') {
        resent.push(JSON.parse(String(init?.body)));
        return new Response(
          JSON.stringify({
            message: 'If an account with that e-mail address is waiting for activation, we have sent a new link.',
          }),
        );
      }
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login: an account not activated yet', () => {
  it('keeps the reason on the form and sends the activation mail again', async () => {
    const user = userEvent.setup();
    render(
      <Providers>
        <MemoryRouter>
          <LoginPage />
        </MemoryRouter>
      </Providers>,
    );
    await user.type(screen.getByLabelText('Email'), 'thiri@example.test');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'a-long-passphrase');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Your account is not active yet');
    expect(notice).toHaveTextContent('thiri@example.test');
    await user.click(screen.getByRole('button', { name: 'Send the activation mail again' }));
    expect(
      await screen.findByText(
        'If an account with that e-mail address is waiting for activation, we have sent a new link.',
      ),
    ).toBeInTheDocument();
    expect(resent).toEqual([{ email: 'thiri@example.test' }]);
    // Still there: it does not vanish with a toast.
    expect(screen.getByText('Your account is not active yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the activation mail again' })).not.toBeInTheDocument();
  });
});
