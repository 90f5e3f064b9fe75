import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { MediaUpload } from './MediaUpload';

/** The browser's XHR, standing in for a network upload that reports progress then succeeds. */
class FakeXhr {
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  responseText = '';
  open() {}
  setRequestHeader() {}
  send() {
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        this.status = 202;
        this.responseText = JSON.stringify({ file: 'v1', status: 'processing' });
        this.onload?.();
      }, 10);
    }, 10);
  }
  abort() {}
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MediaUpload (video)', () => {
  it('uploads with progress, shows processing, then removes the file when its status is neither processing nor processed', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            file: 'v1',
            status: 'failed',
            url: null,
            progress: 10,
            duration: null,
            poster_url: null,
            error: 'Damaged file',
          }),
          {
            status: 200,
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onChange = vi.fn();
    const { container } = render(
      <Providers>
        <MediaUpload kind="video" label="Video" value={null} onChange={onChange} />
      </Providers>,
    );
    const input = container.ownerDocument.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['video-bytes'], 'clip.mp4', { type: 'video/mp4' });
    fireEvent.change(input, { target: { files: [file] } });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(12);
    });
    expect(screen.getByText('Uploading… 50%')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20);
    });
    expect(screen.getByText(/Processing/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getAllByText('Damaged file').length).toBeGreaterThan(0);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
