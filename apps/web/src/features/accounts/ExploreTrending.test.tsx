import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { changeLocale } from '../../i18n';
import { signIn, signOut } from '../../session/session';
import { account, sessionUser } from '../../test/fixtures';
import { renderInApp } from '../../test/renderInApp';
import { answerAs } from '../../test/testServer';
import { ExplorePage } from './ExplorePage';

beforeEach(() => {
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(async () => {
  vi.unstubAllGlobals();
  signOut();
  await changeLocale('en');
});

describe('trending tags on Explore', () => {
  it("come once the first screen is done, in the reader's language first", async () => {
    await changeLocale('my');
    const sent = answerAs({
      'GET /api/explore/accounts': [
        200,
        { data: [account()], meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 } },
      ],
      'GET /api/tags/trending': [200, { data: [{ tag: 'မုန့်ဟင်းခါး', posts_count: 12 }] }],
    });
    renderInApp(<ExplorePage />);
    await screen.findByText('Harbour Sketches');
    expect(sent.some((s) => s.url.startsWith('/api/tags/trending'))).toBe(false);
    fireEvent.pointerDown(window);
    const trending = await screen.findByRole('region', { name: 'ခေတ်စားနေသော တဂ်များ' });
    const link = await within(trending).findByRole('link', { name: /#မုန့်ဟင်းခါး/ });
    expect(decodeURIComponent(link.getAttribute('href')!)).toBe('/tags/မုန့်ဟင်းခါး');
    expect(within(trending).getByRole('radio', { name: 'မြန်မာ' })).toBeChecked();
    expect(sent.find((s) => s.url.startsWith('/api/tags/trending'))!.url).toBe('/api/tags/trending?language=my');
  });
});
