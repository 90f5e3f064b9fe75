import type { Post } from '@inkwell/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { RejectedNotice } from './RejectedNotice';

const post = (over: Partial<Post>): Post => ({
  id: 1,
  slug: 'a-b12345',
  type: 'status',
  title: null,
  content: 'Cheap watches',
  url: null,
  featured_photo_url: null,
  featured_photo_alt: null,
  hls_url: null,
  thumbnails_url: null,
  low_data_url: null,
  photos: [],
  account_id: 3,
  account: { id: 3, username: 'yangon_voices', name: 'Yangon Voices', profile_url: null },
  likes_count: 0,
  comments_count: 0,
  liked: false,
  is_blocked: false,
  is_muted: false,
  min_tier: null,
  locked: false,
  visibility: 'public',
  blurred_cover_url: null,
  language: 'en',
  tags: [],
  mentions: [],
  can_modify: true,
  can_delete: true,
  status: 'published',
  rejected_reason: null,
  rejected_at: null,
  publish_at: null,
  edited_at: null,
  pin_position: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

afterEach(cleanup);

describe('the rejected notice its people see', () => {
  it('shows the administrator’s reason on a rejected post, and nothing on a published one', () => {
    const { rerender } = render(
      <Providers>
        <RejectedNotice post={post({ status: 'rejected', rejected_reason: 'Advertising is not allowed' })} />
      </Providers>,
    );
    expect(screen.getByText('Rejected: Advertising is not allowed')).toBeInTheDocument();
    expect(screen.getByText(/Only its account’s people can see it/)).toBeInTheDocument();
    rerender(
      <Providers>
        <RejectedNotice post={post({})} />
      </Providers>,
    );
    expect(screen.queryByText(/Rejected/)).not.toBeInTheDocument();
  });
});
