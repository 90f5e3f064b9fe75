import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../test/fixtures';
import { getSession, refreshUser, signIn, signOut, subscribe } from './session';

describe('refreshUser', () => {
  afterEach(() => signOut());

  it('changes nothing, and tells no screen, when /user answers what the session already holds', () => {
    signIn('token-1', sessionUser());
    const heard = vi.fn();
    const stop = subscribe(heard);
    refreshUser(sessionUser());
    expect(heard).not.toHaveBeenCalled();
    refreshUser(sessionUser({ name: 'Aye Aye', can_compose: true }));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(getSession()).toMatchObject({ name: 'Aye Aye', can_compose: true, token: 'token-1' });
    expect(JSON.parse(localStorage.getItem('inkwell.session')!)).toMatchObject({ name: 'Aye Aye' });
    stop();
  });
});
