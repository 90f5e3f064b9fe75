import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { ImageUploader } from './ImageUploader';

/** The browser's XHR, standing in for the upload: records what was sent and answers with a photo's URL. */
const sent: FormData[] = [];
class FakeXhr {
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  status = 0;
  responseText = '';
  open() {}
  setRequestHeader() {}
  send(form: FormData) {
    sent.push(form);
    setTimeout(() => {
      this.status = 200;
      this.responseText = JSON.stringify({
        url: `/uploads/images/photos/2026/11/${'b'.repeat(32)}-1200x900.webp`,
        width: 1200,
        height: 900,
        widths: [480, 960],
      });
      this.onload?.();
    }, 5);
  }
  abort() {}
}

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom has no object URLs; the cropper only needs a string to show.
  URL.createObjectURL = vi.fn(() => 'blob:picture');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

function choose(container: HTMLElement, name = 'me.png') {
  const input = container.ownerDocument.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['png-bytes'], name, { type: 'image/png' })] } });
}

describe('ImageUploader', () => {
  it('opens the crop step for an avatar: labelled zoom, keyboard-reachable frame, cancel sends nothing', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <Providers>
        <ImageUploader kind="profiles" label="Profile picture" value={null} onChange={onChange} />
      </Providers>,
    );
    choose(container);
    const dialog = await screen.findByRole('dialog', { name: 'Choose the part to show' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuenow', '1');
    // Nothing to confirm until the cropper has measured the picture; the frame appears once it has.
    expect(screen.getByRole('button', { name: 'Use this part' })).toBeDisabled();
    const picture = dialog.querySelector('img[src="blob:picture"]')!;
    Object.defineProperties(picture, { naturalWidth: { value: 1200 }, naturalHeight: { value: 900 } });
    fireEvent.load(picture);
    const frame = await screen.findByRole('group', { name: 'Part of the picture to keep' });
    expect(frame).toHaveAttribute('tabindex', '0');

    fireEvent.keyDown(screen.getByRole('slider', { name: 'Zoom' }), { key: 'ArrowRight' });
    expect(screen.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuenow', '1.05');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('sends a photo as it is, with no crop step, and shows it in its own shape', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <Providers>
        <ImageUploader kind="photos" label="Photo" value={null} onChange={onChange} />
      </Providers>,
    );
    choose(container, 'harbour.png');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('type')).toBe('photos');
    const preview = screen.getByRole('img', { name: 'Photo' });
    expect(preview.style.aspectRatio).toBe('1200 / 900');
    expect(preview.style.objectFit).toBe('contain');
  });
});
