import { NOTIFICATION_KINDS, type Notification } from '@inkwell/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';
import { renderInApp } from '../../test/renderInApp';
import { answerAs } from '../../test/testServer';
import { NotificationSettingsPage } from './NotificationSettingsPage';
import { NotificationsPage } from './NotificationsPage';

const notification = (over: Partial<Notification>): Notification => ({
  id: 1,
  type: 'like',
  title: 'Hla Hla liked your post',
  body: '',
  icon: '/icons/icon-192.png',
  url: '/posts/p-1',
  tag: 'post-1',
  actor: { id: 9, name: 'Hla Hla', profile_url: null },
  actors_count: 1,
  payload: {},
  read_at: null,
  created_at: '2026-05-01T00:00:00Z',
  ...over,
});

beforeEach(() => {
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('mentions among notifications', () => {
  it('marks a mention with an @ on its avatar, and nothing else so', async () => {
    answerAs({
      'GET /api/notifications': [
        200,
        {
          data: [
            notification({ id: 2, type: 'mention', title: 'Hla Hla mentioned you in a comment' }),
            notification({}),
          ],
          meta: { current_page: 1, last_page: 1, per_page: 20, total: 2, unread_count: 2 },
        },
      ],
    });
    renderInApp(<NotificationsPage />);
    const mention = (await screen.findByText('Hla Hla mentioned you in a comment')).closest('button')!;
    expect(within(mention).getByTestId('kind-sign')).toBeInTheDocument();
    const like = screen.getByText('Hla Hla liked your post').closest('button')!;
    expect(within(like).queryByTestId('kind-sign')).toBeNull();
  });

  it('lets mentions be turned off like any kind', async () => {
    const on = { in_app: true, push: true };
    answerAs({
      'GET /api/notifications/settings': [200, { data: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, on])) }],
    });
    renderInApp(<NotificationSettingsPage />);
    expect(await screen.findByText('Mentions of me and my accounts')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Mentions of me and my accounts: Push' })).toBeChecked();
  });
});
