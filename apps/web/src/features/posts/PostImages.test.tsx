import type { Post } from '@inkwell/contracts';
import { post as postFixture } from '../../test/fixtures';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { queryClient } from '../../app/queryClient';
import { renderInApp } from '../../test/renderInApp';
import { useFeed } from './api';
import { PostList } from './PostList';
import { intersectAll } from '../../test/setup';

const id = 'c'.repeat(32);
const cover = `/uploads/images/covers/2026/05/${id}-1600x800.webp`;
const photo = `/uploads/images/photos/2026/05/${id.replace(/c/g, 'd')}-1200x1600.webp`;
const avatar = `/uploads/images/profiles/2026/05/${id.replace(/c/g, 'e')}-512x512.webp`;
// Stored before images had copies: no size in the name.
const older = `/uploads/images/covers/2025/12/${id.replace(/c/g, 'f')}.webp`;

let nextId = 1;
const post = (over: Partial<Post>): Post => {
  const id = nextId++;
  return postFixture(id, {
    content: 'Words',
    account: { id: 3, username: 'harbour', name: 'Harbour Sketches', profile_url: avatar },
    ...over,
  });
};

function Feed() {
  return <PostList query={useFeed('feed')} empty={<p>nothing</p>} />;
}

function renderFeed(posts: Post[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith('/api/feed')
        ? new Response(
            JSON.stringify({
              data: posts,
              meta: { current_page: 1, last_page: 1, per_page: 20, total: posts.length, links: [] },
            }),
            { status: 200 },
          )
        : new Response('{}', { status: 404 }),
    ),
  );
  renderInApp(<Feed />);
}

beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('images in the feed', () => {
  it('carry their size, a srcset of their copies, and load lazily except the first on screen', async () => {
    renderFeed([
      post({ type: 'status' }),
      post({ type: 'photo', title: 'Harbour', url: cover }),
      post({ type: 'gallery', title: 'Streets', photos: [{ url: photo, caption: 'Tall', alt: '' }] }),
      post({ type: 'post', title: 'Older', content: '<p>Text</p>', url: older }),
    ]);

    // The first image on the first screen: fetched at once, first.
    const lead = await screen.findByRole('img', { name: 'Harbour' });
    expect(lead).toHaveAttribute('width', '1600');
    expect(lead).toHaveAttribute('height', '800');
    expect(lead).toHaveAttribute(
      'srcset',
      `${cover.replace('.webp', '-480w.webp')} 480w, ${cover.replace('.webp', '-960w.webp')} 960w, ${cover} 1600w`,
    );
    expect(lead).toHaveAttribute('sizes', '(min-width: 760px) 760px, 100vw');
    expect(lead).toHaveAttribute('loading', 'eager');
    expect(lead).toHaveAttribute('fetchpriority', 'high');
    // A photo keeps its own shape (this one happens to be 2:1), whole, not cut to a fixed one.
    expect(lead).toHaveStyle({ aspectRatio: '1600 / 800', objectFit: 'contain' });

    // The others wait until they come near and decode off the main thread.
    const galleryPhoto = screen.getByRole('img', { name: 'Tall' });
    expect(galleryPhoto).toHaveAttribute('width', '1200');
    expect(galleryPhoto).toHaveAttribute('height', '1600');
    expect(galleryPhoto.getAttribute('srcset')).toContain(`${photo.replace('.webp', '-960w.webp')} 960w`);
    expect(galleryPhoto).toHaveAttribute('loading', 'lazy');
    expect(galleryPhoto).toHaveAttribute('decoding', 'async');
    expect(galleryPhoto).not.toHaveAttribute('fetchpriority');

    // An image from before copies existed keeps working, without a srcset (its box keeps the cover's 2:1).
    // (It is the fourth card: the first screen's three render first, the rest right after.)
    await screen.findByRole('link', { name: 'Older' });
    const olderCover = document.querySelector(`img[src="${older}"]`)!;
    expect(olderCover).not.toHaveAttribute('srcset');
    expect(olderCover).not.toHaveAttribute('width');
    expect(olderCover).toHaveAttribute('loading', 'lazy');

    // Avatars (44 px, a finger's target) pick the copy for the size they are drawn at. Their link repeats the
    // name's link beside it, so it is hidden from screen readers and the tab order (one link per account, named
    // as it reads).
    const avatars = [...document.querySelectorAll<HTMLImageElement>('img[alt="Harbour Sketches"]')];
    expect(avatars).toHaveLength(4);
    expect(avatars[0]!.closest('a')).toHaveAttribute('aria-hidden', 'true');
    expect(avatars[0]!.closest('a')).toHaveAttribute('tabindex', '-1');
    expect(screen.getAllByRole('link', { name: 'Harbour Sketches' })).toHaveLength(4);
    expect(avatars[0]).toHaveAttribute('sizes', '44px');
    expect(avatars[0]!.getAttribute('srcset')).toContain(`${avatar.replace('.webp', '-128w.webp')} 128w`);
    expect(avatars[0]).toHaveAttribute('loading', 'lazy');
  });

  it('draws a 4:3 photo whole in its shape, a gallery in one frame, and an audio cover square', async () => {
    const fourThree = `/uploads/images/photos/2026/05/${'a'.repeat(32)}-1200x900.webp`;
    const square = `/uploads/images/squares/2026/05/${'b'.repeat(32)}-1080x1080.webp`;
    renderFeed([
      post({ type: 'photo', title: 'Four by three', url: fourThree }),
      post({
        type: 'gallery',
        title: 'Mixed',
        photos: [
          { url: fourThree, caption: 'Wide', alt: '' },
          { url: photo, caption: 'Tall', alt: '' },
        ],
      }),
      post({ type: 'audio', title: 'Song', url: '/uploads/audio/2026/05/x.m4a', featured_photo_url: square }),
    ]);
    const shot = await screen.findByRole('img', { name: 'Four by three' });
    expect(shot).toHaveStyle({ aspectRatio: '1200 / 900', objectFit: 'contain' });
    // (Its bounded width, a CSS min(), is beyond jsdom: lib/imageBox.test.ts and the e2e journey check it.)
    // The gallery's first photo comes at once, in the frame the carousel will use (its code comes after).
    const first = screen.getByRole('img', { name: 'Wide' });
    expect(first.parentElement).toHaveStyle({ aspectRatio: '1.3333' });
    expect(screen.queryByRole('img', { name: 'Tall' })).toBeNull();
    // The carousel is set up only for a gallery nearing the view.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('img', { name: 'Tall' })).toBeNull();
    act(() => intersectAll());
    // And only once the first screen is done (lib/afterFirstScreen): here, the reader touches the page.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('img', { name: 'Tall' })).toBeNull();
    act(() => void window.dispatchEvent(new Event('pointerdown')));
    // Then both slides share the first photo's 4:3 frame; the tall one is letterboxed in it, not cut.
    await screen.findByRole('img', { name: 'Tall' });
    for (const name of ['Wide', 'Tall']) {
      const slide = screen.getByRole('img', { name });
      expect(slide.parentElement).toHaveStyle({ aspectRatio: '1.3333' });
      expect(slide.style.height).toBe('100%');
    }
    const cover = document.querySelector<HTMLImageElement>(`img[src="${square}"]`)!;
    expect(cover).toHaveStyle({ aspectRatio: '1 / 1' });
  });

  it('gives priority to none when no post near the top has an image', async () => {
    renderFeed([
      post({ type: 'status' }),
      post({ type: 'status' }),
      post({ type: 'status' }),
      post({ type: 'photo', title: 'Far down', url: cover }),
    ]);
    const far = await screen.findByRole('img', { name: 'Far down' });
    expect(far).toHaveAttribute('loading', 'lazy');
    expect(document.querySelector('img[fetchpriority]')).toBeNull();
  });

  it('are named by their descriptions: a photo, an article cover, an audio cover and each gallery photo', async () => {
    renderFeed([
      post({ type: 'photo', title: 'Dawn', url: cover, featured_photo_alt: 'Sunrise over the Irrawaddy' }),
      post({ type: 'post', title: 'Tea', content: '<p>x</p>', url: older, featured_photo_alt: 'Low stools' }),
      post({
        type: 'audio',
        title: 'Song',
        url: '/uploads/audio/2026/05/x.m4a',
        featured_photo_url: avatar,
        featured_photo_alt: 'A saung harp',
      }),
      post({
        type: 'gallery',
        title: 'Market',
        photos: [{ url: photo, caption: 'Fish', alt: 'Silver fish in baskets' }],
      }),
      // Without one, a photo is named by its title and a gallery photo by its caption, as before.
      post({ type: 'photo', title: 'Undescribed', url: cover }),
    ]);
    for (const name of ['Sunrise over the Irrawaddy', 'Low stools', 'A saung harp', 'Silver fish in baskets']) {
      expect(await screen.findByRole('img', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('img', { name: 'Undescribed' })).toBeInTheDocument();
  });
});
