import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { serveTus } from '../../test/tusServer';
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

afterEach(() => vi.unstubAllGlobals());

const choose = (container: HTMLElement, file: File) =>
  fireEvent.change(container.ownerDocument.querySelector('input[type=file]')!, { target: { files: [file] } });

describe('MediaUpload (video)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.useRealTimers());

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
    expect(screen.getByRole('status')).toHaveTextContent('Uploading… 50%');
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

describe('MediaUpload (a large video, resumable)', () => {
  const large = () => new File([new Uint8Array(600 * 1024)], 'walk.mp4', { type: 'video/mp4' });

  it('shows the server’s message for a file it refuses, and does not send it again', async () => {
    const server = serveTus(null);
    server.refuse = () => ({ status: 413, body: { code: 'too_large', message: 'This video is larger than 500 MB.' } });
    const onChange = vi.fn();
    const { container } = render(
      <Providers>
        <MediaUpload kind="video" label="Video" value={null} onChange={onChange} />
      </Providers>,
    );
    choose(container, large());
    // In the field's alert and the notification.
    expect((await screen.findAllByText('This video is larger than 500 MB.')).length).toBeGreaterThan(0);
    expect(screen.getByText('The upload failed')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/uploads/tus']);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose a video' })).toBeEnabled();
  });

  it('pauses and resumes from the server’s offset, then goes on to processing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    const server = serveTus({ file: 'v9', status: 'processing' });
    const { container } = render(
      <Providers>
        <MediaUpload kind="video" label="Video" value={null} onChange={vi.fn()} />
      </Providers>,
    );
    // Pressed between two requests, as soon as the button is drawn.
    let pausedAfter = -1;
    server.after = () => {
      const pause = screen.queryByRole('button', { name: 'Pause' });
      if (pausedAfter < 0 && pause) {
        pausedAfter = server.requests.length;
        fireEvent.click(pause);
      }
    };
    choose(container, large());
    await waitFor(() => expect(screen.getAllByText(/^Paused at/).length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(pausedAfter);
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText(/Processing/)).toBeInTheDocument();
    expect(server.requests[pausedAfter]!.method).toBe('HEAD');
    expect(server.requests.at(-1)!.method).toBe('PATCH');
  });

  it('Cancel drops the upload on the server and offers the choice again', async () => {
    const server = serveTus({ file: 'v9', status: 'processing' });
    const onBusyChange = vi.fn();
    const { container } = render(
      <Providers>
        <MediaUpload kind="video" label="Video" value={null} onChange={vi.fn()} onBusyChange={onBusyChange} />
      </Providers>,
    );
    let cancelled = false;
    server.after = (request) => {
      const cancel = screen.queryByRole('button', { name: 'Cancel' });
      if (!cancelled && request.method === 'PATCH' && cancel) {
        cancelled = true;
        fireEvent.click(cancel);
      }
    };
    choose(container, large());
    expect(await screen.findByRole('button', { name: 'Choose a video' })).toBeEnabled();
    await waitFor(() => expect(server.requests.at(-1)?.method).toBe('DELETE'));
    expect(server.uploads.size).toBe(0);
    expect(screen.queryByText('The upload failed')).not.toBeInTheDocument();
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
  });
});
