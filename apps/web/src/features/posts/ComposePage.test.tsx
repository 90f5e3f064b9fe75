import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { ComposePage } from './ComposePage';

/** An upload that answers only when the test says so (a slow connection), or is aborted. */
class SlowXhr {
  static sent: SlowXhr[] = [];
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  responseText = '';
  aborted = false;
  open() {}
  setRequestHeader() {}
  send() {
    SlowXhr.sent.push(this);
    this.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 100 });
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  finish(url: string) {
    this.status = 201;
    this.responseText = JSON.stringify({ url });
    this.onload?.();
  }
}

const account = { id: 5, name: 'Yangon Eats', username: 'yangon_eats', approved_status: 'approved' };
let published: Record<string, unknown>[] = [];

beforeEach(() => {
  queryClient.clear();
  SlowXhr.sent = [];
  published = [];
  vi.stubGlobal('XMLHttpRequest', SlowXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/user/accounts')) return new Response(JSON.stringify({ data: [account] }));
      if (url === '/api/posts' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        // The draft kept as it is written is refused here (autosave.test.tsx follows it): Publish then sends the
        // post whole, which is what these tests check; the answer itself does not matter.
        if (body.status !== 'draft') published.push(body);
        return new Response(JSON.stringify({ message: 'Not now' }), { status: 422 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderCompose() {
  const view = render(
    <Providers>
      <MemoryRouter>
        <ComposePage />
      </MemoryRouter>
    </Providers>,
  );
  await screen.findByRole('radio', { name: 'Photo' });
  return view;
}

/** Picks a file in the type's uploader (its editor loads on its own when the type is chosen). */
async function pickFile(container: HTMLElement, name = 'photo.jpg') {
  const input = await waitFor(() => {
    const found = container.ownerDocument.querySelector<HTMLInputElement>('input[type=file]');
    if (!found) throw new Error('no file input yet');
    return found;
  });
  fireEvent.change(input, { target: { files: [new File(['image-bytes'], name, { type: 'image/jpeg' })] } });
  return SlowXhr.sent.at(-1)!;
}

const finish = (xhr: SlowXhr, url: string) =>
  act(async () => {
    xhr.finish(url);
    await Promise.resolve();
  });

const publishButton = () => screen.getByRole('button', { name: /Publish|Waiting for uploads/ });

describe('compose: text typed during a slow upload stays', () => {
  it('photo: the title and the text typed while the photo uploads are kept when it arrives', async () => {
    const user = userEvent.setup();
    const { container } = await renderCompose();
    await user.click(screen.getByRole('radio', { name: 'Photo' }));

    const upload = await pickFile(container);
    await waitFor(() => expect(publishButton()).toBeDisabled());
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Sunset');
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'Over the river');
    await finish(upload, 'https://cdn.test/covers/sunset.jpg');

    expect(await screen.findByRole('img', { name: 'Photo' })).toHaveAttribute(
      'src',
      'https://cdn.test/covers/sunset.jpg',
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Sunset');
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('Over the river');
    await waitFor(() => expect(publishButton()).toBeEnabled());
    await user.click(publishButton());
    await waitFor(() => expect(published).toHaveLength(1));
    expect(published[0]).toMatchObject({
      type: 'photo',
      title: 'Sunset',
      content: 'Over the river',
      url: 'https://cdn.test/covers/sunset.jpg',
    });
  });

  it('gallery: a title and a caption typed while the next photo uploads are kept when it arrives', async () => {
    const user = userEvent.setup();
    const { container } = await renderCompose();
    await user.click(screen.getByRole('radio', { name: 'Gallery' }));

    await finish(await pickFile(container, 'one.jpg'), 'https://cdn.test/photos/one.jpg');
    const caption = await screen.findByLabelText('Caption of photo 1');
    const second = await pickFile(container, 'two.jpg');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Trip');
    await user.type(caption, 'Beach');
    await finish(second, 'https://cdn.test/photos/two.jpg');

    expect(await screen.findByLabelText('Caption of photo 2')).toHaveValue('');
    expect(screen.getByLabelText('Caption of photo 1')).toHaveValue('Beach');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Trip');
    await waitFor(() => expect(publishButton()).toBeEnabled());
    await user.click(publishButton());
    await waitFor(() => expect(published).toHaveLength(1));
    expect(published[0]).toMatchObject({
      type: 'gallery',
      title: 'Trip',
      photos: [
        { url: 'https://cdn.test/photos/one.jpg', caption: 'Beach' },
        { url: 'https://cdn.test/photos/two.jpg', caption: '' },
      ],
    });
  });
});

describe('compose: switching the post type', () => {
  it('clears the previous type’s media: a photo is not offered as the audio file', async () => {
    const user = userEvent.setup();
    const { container } = await renderCompose();
    await user.click(screen.getByRole('radio', { name: 'Photo' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Night market');
    await finish(await pickFile(container), 'https://cdn.test/covers/market.jpg');
    expect(await screen.findByRole('img', { name: 'Photo' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Audio' }));
    expect(screen.getByRole('button', { name: 'Choose an audio file' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Audio file' })).not.toBeInTheDocument();
    // The text carries over; the media does not.
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Night market');
    await user.click(publishButton());
    await waitFor(() => expect(published).toHaveLength(1));
    expect(published[0]).toMatchObject({ type: 'audio', title: 'Night market', url: null, featured_photo_url: null });

    await user.click(screen.getByRole('radio', { name: 'Photo' }));
    expect(screen.queryByRole('img', { name: 'Photo' })).not.toBeInTheDocument();
  });

  it('during an upload: the upload is dropped and Publish is enabled again', async () => {
    const user = userEvent.setup();
    const { container } = await renderCompose();
    await user.click(screen.getByRole('radio', { name: 'Photo' }));
    const upload = await pickFile(container);
    await waitFor(() => expect(publishButton()).toHaveTextContent('Waiting for uploads…'));
    expect(publishButton()).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Note' }));
    await waitFor(() => expect(publishButton()).toBeEnabled());
    expect(publishButton()).toHaveTextContent('Publish');
    expect(upload.aborted).toBe(true);

    // Even an answer arriving after all changes nothing.
    await finish(upload, 'https://cdn.test/covers/late.jpg');
    await user.click(screen.getByRole('radio', { name: 'Photo' }));
    expect(screen.queryByRole('img', { name: 'Photo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose an image' })).toBeEnabled();
    expect(publishButton()).toBeEnabled();
  });
});

describe('compose: server field errors', () => {
  it('a field’s error goes once the field is changed; the other field’s stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.startsWith('/api/user/accounts')) return new Response(JSON.stringify({ data: [account] }));
        if (url === '/api/posts' && init?.method === 'POST')
          return new Response(
            JSON.stringify({
              message: 'The given data was invalid.',
              errors: { title: ['The title is required.'], url: ['Choose a photo.'] },
            }),
            { status: 422 },
          );
        return new Response('{}', { status: 404 });
      }),
    );
    const user = userEvent.setup();
    await renderCompose();
    await user.click(screen.getByRole('radio', { name: 'Photo' }));
    await user.click(publishButton());
    expect(await screen.findByText('The title is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose a photo.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'S');
    await waitFor(() => expect(screen.queryByText('The title is required.')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Title' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose a photo.')).toBeInTheDocument();
  });
});

describe('compose: the account asked for', () => {
  it('"Write your first post" for one account (?account=) has that account chosen, not the first', async () => {
    const other = { ...account, id: 9, name: 'Mandalay Eats', username: 'mandalay_eats' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.startsWith('/api/user/accounts')) return new Response(JSON.stringify({ data: [account, other] }));
        if (url === '/api/posts' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          if (body.status !== 'draft') published.push(body);
          return new Response(JSON.stringify({ message: 'Not now' }), { status: 422 });
        }
        return new Response('{}', { status: 404 });
      }),
    );
    const user = userEvent.setup();
    render(
      <Providers>
        <MemoryRouter initialEntries={['/compose?account=9']}>
          <ComposePage />
        </MemoryRouter>
      </Providers>,
    );
    expect(await screen.findByRole('combobox', { name: 'Post as' })).toHaveDisplayValue(
      'Mandalay Eats · /a/mandalay_eats',
    );
    await user.type(screen.getByRole('textbox', { name: /What/ }), 'Hello');
    await user.click(publishButton());
    await waitFor(() => expect(published).toHaveLength(1));
    expect(published[0]).toMatchObject({ account_id: 9 });
  });
});
