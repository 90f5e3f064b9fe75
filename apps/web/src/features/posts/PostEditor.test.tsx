import { POST_TYPES, type PostType } from '@inkwell/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import { renderInApp } from '../../test/renderInApp';
import { PostEditor, emptyDraft } from './PostEditor';

/** The labels drawn with the asterisk of a required field (Mantine's `withAsterisk`). */
async function starred(type: PostType): Promise<string[]> {
  renderInApp(
    <PostEditor
      type={type}
      draft={emptyDraft()}
      onChange={() => undefined}
      errors={{}}
      track={() => () => undefined}
    />,
  );
  // The article editor loads on its own; wait for its label before reading them.
  if (type === 'post') await screen.findByText('Article', { selector: 'label' });
  return Array.from(document.querySelectorAll('label'))
    .filter((label) => label.querySelector('.mantine-InputWrapper-required'))
    .map((label) => label.textContent!.replace(/\s*\*\s*$/, ''));
}

/** What the server refuses to publish without (posts.service `shape`), by the composer's names. */
const REQUIRED: Record<PostType, string[]> = {
  status: ["What's happening?"],
  post: ['Title', 'Article'],
  photo: ['Title', 'Text', 'Photo'],
  gallery: [],
  audio: ['Audio file', 'Title', 'Cover picture'],
  video: ['Video file', 'Title'],
};

describe('the composer marks what a post needs', () => {
  it.each(POST_TYPES.map((type) => [type]))('%s: an asterisk on each required field, and only there', async (type) => {
    expect(await starred(type)).toEqual(REQUIRED[type]);
  });

  it('tells screen readers too', () => {
    renderInApp(
      <PostEditor
        type="photo"
        draft={emptyDraft()}
        onChange={() => undefined}
        errors={{}}
        track={() => () => undefined}
      />,
    );
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('textbox', { name: /Text/ })).toHaveAttribute('aria-required', 'true');
  });

  it('asks for an image’s description once there is an image, and reminds (not refuses) while it is empty', async () => {
    const photo = '/uploads/images/photos/2026/05/' + 'd'.repeat(32) + '-1200x1600.webp';
    const { unmount } = renderInApp(
      <PostEditor
        type="photo"
        draft={{ ...emptyDraft(), url: photo }}
        onChange={() => undefined}
        errors={{}}
        track={() => () => undefined}
      />,
    );
    const field = await screen.findByRole('textbox', { name: 'Image description (alt text)' });
    expect(field).toHaveAccessibleDescription(/No description yet/);
    unmount();
    renderInApp(
      <PostEditor
        type="photo"
        draft={{ ...emptyDraft(), url: photo, featured_photo_alt: 'A boat' }}
        onChange={() => undefined}
        errors={{}}
        track={() => () => undefined}
      />,
    );
    expect(await screen.findByRole('textbox', { name: 'Image description (alt text)' })).toHaveValue('A boat');
    expect(screen.queryByText(/No description yet/)).toBeNull();
  });

  it('has no description field before an image is chosen', async () => {
    renderInApp(
      <PostEditor
        type="photo"
        draft={emptyDraft()}
        onChange={() => undefined}
        errors={{}}
        track={() => () => undefined}
      />,
    );
    await screen.findByRole('textbox', { name: /Title/ });
    expect(screen.queryByRole('textbox', { name: /Image description/ })).toBeNull();
  });
});
