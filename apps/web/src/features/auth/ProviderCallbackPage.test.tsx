import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { changeLocale } from '../../i18n';
import { rememberReturn } from '../../session/returnTo';
import { getSession, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';
import { ProviderCallbackPage } from './ProviderCallbackPage';

let n = 0;
function renderCallback(answer: { status: number; body: unknown }) {
  n += 1;
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(answer.body), { status: answer.status }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <Providers>
      <MemoryRouter initialEntries={[`/auth/github?code=abc${n}&state=st${n}`]}>
        <Routes>
          <Route path="/auth/:provider" element={<ProviderCallbackPage />} />
          <Route path="/home" element={<p>home screen</p>} />
          <Route path="/admin" element={<p>admin screen</p>} />
          <Route path="/login" element={<p>login screen</p>} />
          <Route path="/posts/:slug" element={<p>the post asked from</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return fetchMock;
}

beforeEach(() => queryClient.clear());
afterEach(async () => {
  vi.unstubAllGlobals();
  signOut();
  await changeLocale('en');
});

describe('provider callback', () => {
  it('shows the logging-in message, passes code, state and device name, then stores the session and goes home', async () => {
    const fetchMock = renderCallback({
      status: 200,
      body: { token: 'tok', user: sessionUser(), connected: false },
    });
    expect(screen.getByText('Signing you in with GitHub…')).toBeInTheDocument();
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/auth/github/callback');
    expect(url.searchParams.get('code')).toBe(`abc${n}`);
    expect(url.searchParams.get('state')).toBe(`st${n}`);
    expect(url.searchParams.get('device_name')).toBe('Inkwell Web');
    expect(getSession()?.token).toBe('tok');
  });

  it('sends people holding admin permissions to /admin', async () => {
    renderCallback({
      status: 200,
      body: { token: 'tok', user: sessionUser({ role_name: 'admin', permissions: ['users.view'] }), connected: false },
    });
    expect(await screen.findByText('admin screen')).toBeInTheDocument();
  });

  it('goes back to the page where a guest was asked to sign in', async () => {
    rememberReturn('/posts/tea-shops?from=like');
    renderCallback({ status: 200, body: { token: 'tok', user: sessionUser(), connected: false } });
    expect(await screen.findByText('the post asked from')).toBeInTheDocument();
  });

  it('shows a failure with a way back to login, in the reader’s language', async () => {
    await changeLocale('th');
    renderCallback({ status: 400, body: { code: 'oauth.denied', message: 'คุณยกเลิกการเข้าสู่ระบบด้วย GitHub แล้ว' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('คุณยกเลิกการเข้าสู่ระบบด้วย GitHub แล้ว');
    expect(screen.getByRole('heading', { name: 'เข้าสู่ระบบด้วย GitHub ไม่สำเร็จ' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'กลับไปหน้าเข้าสู่ระบบ' })).toHaveAttribute('href', '/login');
    expect(getSession()).toBeNull();
  });
});
