import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n';
import { Providers } from '../app/Providers';
import { ApiError } from '../api/client';
import { signIn, signOut } from '../session/session';
import { sessionUser } from '../test/fixtures';
import { NotFound, isNotFound } from './NotFound';

afterEach(() => {
  cleanup();
  signOut();
});

const show = (ui: React.ReactNode) =>
  render(
    <Providers>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );

describe('NotFound', () => {
  it('says 404 in the document title and offers a way home (the welcome screen for a guest)', async () => {
    show(<NotFound />);
    expect(screen.getByRole('heading', { level: 1, name: '404 Error Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('404 Not found · Inkwell'));
  });

  it('sends a signed-in person to their home; inside the admin area it is a level-two heading', () => {
    signIn('token', sessionUser());
    show(<NotFound body="This account does not exist or was deleted." home="/admin/accounts" headingOrder={2} />);
    expect(screen.getByRole('heading', { level: 2, name: '404 Error Not Found' })).toBeInTheDocument();
    expect(screen.getByText('This account does not exist or was deleted.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/admin/accounts');
  });

  it('tells a missing thing from a failure', () => {
    expect(isNotFound(new ApiError(404, 'Not found', {}, 'not_found'))).toBe(true);
    expect(isNotFound(new ApiError(500, 'Oops'))).toBe(false);
    expect(isNotFound(new Error('network'))).toBe(false);
  });
});
