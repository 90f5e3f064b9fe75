import { describe, expect, it, vi } from 'vitest';
import { openFromNotification, pushMessage, type WindowLike } from './notifications';

const ORIGIN = 'https://inkwell.example';

describe('pushMessage', () => {
  it('shows the title, body, icon, badge and tag the server sent, and keeps the url to open', () => {
    const raw = JSON.stringify({
      title: 'Aye Chan liked your post',
      body: 'Morning market',
      icon: '/uploads/a.webp',
      badge: '/icons/badge-72.png',
      tag: 'like-post-3',
      url: '/posts/morning',
      type: 'like',
      unread_count: 4,
    });
    expect(pushMessage(raw)).toEqual({
      title: 'Aye Chan liked your post',
      options: {
        body: 'Morning market',
        icon: '/uploads/a.webp',
        badge: '/icons/badge-72.png',
        tag: 'like-post-3',
        data: { url: '/posts/morning' },
      },
    });
  });

  it('still shows something for an empty or plain-text push', () => {
    expect(pushMessage(null)).toMatchObject({ title: 'Inkwell', options: { body: '', data: { url: '/' } } });
    expect(pushMessage('hello')).toMatchObject({ title: 'Inkwell', options: { body: 'hello' } });
  });
});

const win = (url: string): WindowLike & { focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> } => ({
  url,
  focus: vi.fn(async () => undefined),
  navigate: vi.fn(async () => undefined),
});

describe('openFromNotification', () => {
  it('focuses a window already showing the page', async () => {
    const there = win(`${ORIGIN}/posts/x`);
    const open = vi.fn(async () => undefined);
    await openFromNotification('/posts/x', ORIGIN, [win(`${ORIGIN}/home`), there], open);
    expect(there.focus).toHaveBeenCalled();
    expect(there.navigate).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it('focuses an open window of the app and shows it the page', async () => {
    const home = win(`${ORIGIN}/home`);
    const open = vi.fn(async () => undefined);
    await openFromNotification('/chats/4', ORIGIN, [home], open);
    expect(home.focus).toHaveBeenCalled();
    expect(home.navigate).toHaveBeenCalledWith(`${ORIGIN}/chats/4`);
  });

  it('opens the page when no window is open, the root path when none is named, never another site', async () => {
    const open = vi.fn(async () => undefined);
    await openFromNotification('/notifications', ORIGIN, [], open);
    await openFromNotification(undefined, ORIGIN, [], open);
    await openFromNotification('https://evil.example/steal', ORIGIN, [], open);
    expect(open.mock.calls).toEqual([[`${ORIGIN}/notifications`], [`${ORIGIN}/`], [`${ORIGIN}/`]]);
  });
});
