import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { setDataSaver } from '../../lib/dataSaver';
import { FakeHls } from './fakeHls';
import { VideoPlayer } from './VideoPlayer';

// jsdom has no MediaSource, so no real hls.js: its stand-in records the levels the player pins.
vi.mock('hls.js', async () => ({ default: (await import('./fakeHls')).FakeHls }));

const show = (ui: ReactNode) => render(<Providers>{ui}</Providers>);
const hls = () => FakeHls.instances.at(-1)!;
const player = () => screen.getByRole('group', { name: 'Clip' });
/** The menu's entries as they read, in order (the check mark is hidden from screen readers, and left out). */
const entries = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitemradio')
    .map((item) => `${item.textContent!.replace('✓', '')}${item.getAttribute('aria-checked') === 'true' ? ' ✓' : ''}`);

/** An hls.js player whose playlist lists these renditions, `playing` on screen. */
async function hlsPlayer(heights = [144, 360, 720], playing: number | null = 1) {
  vi.stubGlobal('MediaSource', class {});
  show(<VideoPlayer src="/v.mp4" hlsUrl="/v/master.m3u8" title="Clip" />);
  await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
  act(() => {
    hls().manifest(heights);
    if (playing !== null) hls().emit(FakeHls.Events.LEVEL_SWITCHED, { level: playing });
  });
}

async function openMenu(name: string | RegExp) {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('menu');
}

beforeEach(() => {
  localStorage.clear();
  FakeHls.instances = [];
  FakeHls.supported = true;
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('choosing the quality', () => {
  it('lists Auto and the renditions tallest first, pins the one chosen, and Auto gives the choice back', async () => {
    await hlsPlayer();
    expect(player()).toHaveAttribute('data-quality', 'auto');
    const button = screen.getByRole('button', { name: 'Quality: Auto · 360p' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveTextContent(/^360p/);

    let menu = await openMenu('Quality: Auto · 360p');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveAccessibleName('Quality: Auto · 360p');
    expect(entries(menu)).toEqual(['Auto ✓', '720p', '360p', '144p']);
    await waitFor(() => expect(within(menu).getByRole('menuitemradio', { name: 'Auto' })).toHaveFocus());

    fireEvent.click(within(menu).getByRole('menuitemradio', { name: '144p' }));
    // Switched at the next segment (no flush of what plays), and remembered on this device.
    expect(hls().levelSets.at(-1)).toEqual({ via: 'nextLevel', level: 0 });
    expect(player()).toHaveAttribute('data-quality', '144');
    expect(localStorage.getItem('inkwell.quality')).toBe('144');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    // The bar shows the rendition on screen until hls.js has switched.
    expect(button).toHaveAccessibleName('Quality: Chosen · 360p');
    act(() => hls().emit(FakeHls.Events.LEVEL_SWITCHED, { level: 0 }));
    expect(button).toHaveAccessibleName('Quality: Chosen · 144p');

    menu = await openMenu('Quality: Chosen · 144p');
    expect(entries(menu)).toEqual(['Auto', '720p', '360p', '144p ✓']);
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'Auto' }));
    expect(hls().manualLevel).toBe(-1);
    expect(player()).toHaveAttribute('data-quality', 'auto');
    expect(localStorage.getItem('inkwell.quality')).toBe('auto');
  });

  it('moves with the arrow keys, Home and End; Escape closes and gives focus back', async () => {
    await hlsPlayer();
    const button = screen.getByRole('button', { name: /^Quality/ });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu');
    const item = (name: string) => within(menu).getByRole('menuitemradio', { name });
    await waitFor(() => expect(item('Auto')).toHaveFocus());
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(item('720p')).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'End' });
    expect(item('144p')).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(item('Auto')).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(item('144p')).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(hls().levelSets).toEqual([]);

    // A tap elsewhere closes it too.
    fireEvent.click(button);
    await screen.findByRole('menu');
    fireEvent.pointerDown(player().querySelector('video')!);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('starts the next video at the rendition remembered, or the tallest below it', async () => {
    localStorage.setItem('inkwell.quality', '1080');
    await hlsPlayer([144, 360, 720], null);
    // Pinned before anything loads, so hls.js starts there; the button says so before a segment has come.
    expect(hls().levelSets[0]).toEqual({ via: 'loadLevel', level: 2 });
    expect(hls().manualLevel).toBe(2);
    expect(player()).toHaveAttribute('data-quality', '720');
    const menu = await openMenu('Quality: Chosen · 720p');
    expect(entries(menu)).toEqual(['Auto', '720p ✓', '360p', '144p']);
    // The choice kept is the reader's, for a video that has 1080p.
    expect(localStorage.getItem('inkwell.quality')).toBe('1080');
  });

  it('under data saver starts at Auto (the lowest), and still lets the reader pick a higher one', async () => {
    localStorage.setItem('inkwell.quality', '720');
    setDataSaver(true);
    await hlsPlayer([144, 360, 720], 0);
    expect(hls().manualLevel).toBe(-1);
    expect(player()).toHaveAttribute('data-quality', 'auto');
    const menu = await openMenu('Quality: Data saver · 144p');
    expect(entries(menu)).toEqual(['Data saver · 144p ✓', '720p', '360p', '144p']);
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: '720p' }));
    expect(hls().manualLevel).toBe(2);
    expect(hls().autoLevelCapping).toBe(0);
    expect(player()).toHaveAttribute('data-quality', '720');
  });

  it("is not offered where the browser's own HLS or the MP4 plays", async () => {
    vi.stubGlobal('MediaSource', class {});
    FakeHls.supported = false;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    show(<VideoPlayer src="/v.mp4" hlsUrl="/v/master.m3u8" title="Clip" />);
    await waitFor(() => expect(player()).toHaveAttribute('data-source', 'native'));
    const video = player().querySelector('video')!;
    Object.defineProperty(video, 'videoHeight', { configurable: true, value: 360 });
    fireEvent(video, new Event('loadedmetadata'));
    expect(screen.getByTestId('video-quality')).toHaveTextContent('Auto · 360p');
    expect(screen.queryByRole('button', { name: /Quality/ })).not.toBeInTheDocument();
    expect(player()).not.toHaveAttribute('data-quality');
  });
});

describe('seek-bar thumbnails', () => {
  const VTT = [
    'WEBVTT',
    '',
    '00:00:00.000 --> 00:00:02.000',
    'thumbnails.jpg#xywh=0,0,160,90',
    '',
    '00:00:02.000 --> 00:00:04.000',
    'thumbnails.jpg#xywh=160,0,160,90',
    '',
  ].join('\n');
  const rect = (el: Element, left: number, width: number) =>
    vi
      .spyOn(el, 'getBoundingClientRect')
      .mockReturnValue({ left, right: left + width, width, top: 0, height: 20 } as DOMRect);

  it('shows the cell of the hovered time with its clock (as the bar writes it), inside the player, fetching the file once', async () => {
    const fetched = vi.fn(async () => new Response(VTT));
    vi.stubGlobal('fetch', fetched);
    show(<VideoPlayer src="/v.mp4" thumbnailsUrl="/media/v/thumbnails.vtt?signature=s" title="Clip" />);
    const video = player().querySelector('video')!;
    Object.defineProperty(video, 'duration', { configurable: true, value: 4 });
    fireEvent(video, new Event('loadedmetadata'));
    const bar = screen.getByRole('slider', { name: 'Position' }).closest('.mantine-Slider-root')!.parentElement!;
    // The player 400 px wide; the bar from 90 to 310, its track from 100 to 300.
    rect(player(), 0, 400);
    rect(bar, 90, 220);
    rect(bar.querySelector('.mantine-Slider-trackContainer')!, 100, 200);
    expect(fetched).not.toHaveBeenCalled();

    fireEvent.pointerMove(bar, { clientX: 250, pointerType: 'mouse' });
    const preview = await screen.findByTestId('seek-preview');
    expect(preview).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(preview.querySelector('[data-seek-cell]')).not.toBeNull());
    const cell = preview.querySelector<HTMLElement>('[data-seek-cell]')!;
    // 3 s of 4: the second cell, from the strip beside the file (its signature left off).
    expect(preview.textContent).toBe('03');
    expect(cell.style.backgroundImage).toContain(new URL('/media/v/thumbnails.jpg', location.href).href);
    expect(cell.style.backgroundPosition).toBe('-160px 0px');
    expect(preview.style.left).toBe('80px');

    // At the right end it stops short of the player's edge.
    rect(player(), 0, 330);
    fireEvent.pointerMove(bar, { clientX: 300, pointerType: 'mouse' });
    expect(preview.textContent).toBe('04');
    expect(preview.style.left).toBe(`${330 - 90 - 4 - 160}px`);
    fireEvent.pointerMove(bar, { clientX: 110, pointerType: 'mouse' });
    expect(cell.style.backgroundPosition).toBe('0px 0px');

    fireEvent.pointerLeave(bar);
    expect(screen.queryByTestId('seek-preview')).not.toBeInTheDocument();
    // A finger previews while it drags.
    fireEvent.pointerDown(bar, { clientX: 250, pointerType: 'touch' });
    expect((await screen.findByTestId('seek-preview')).textContent).toBe('03');
    fireEvent.pointerUp(bar, { clientX: 250, pointerType: 'touch' });
    expect(screen.queryByTestId('seek-preview')).not.toBeInTheDocument();
    expect(fetched).toHaveBeenCalledOnce();
  });
});
