import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { setDataSaver } from '../lib/dataSaver';
import { COLUMN_SIZES, imageAttributes } from '../lib/images';
import { ResponsiveImage } from './ResponsiveImage';

const id = 'a'.repeat(32);
const photo = `/uploads/images/photos/2026/05/${id}-1600x1200.webp`;
const smallest = `/uploads/images/photos/2026/05/${id}-1600x1200-480w.webp`;
// Stored before images had copies: its one URL is its smallest.
const older = `/uploads/images/covers/2025/12/${id}.webp`;

const renderImage = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

/** Lays the page out as a phone would: every box at `top`, 300 px tall, in a 768 px tall window. */
const placeAt = (top: number) =>
  vi
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockReturnValue({ top, bottom: top + 300, left: 0, right: 390, width: 390, height: 300 } as DOMRect);

afterEach(() => vi.restoreAllMocks());

describe('imageAttributes', () => {
  it('offers every copy by width when data saver is off', () => {
    const img = imageAttributes(photo, { sizes: COLUMN_SIZES, dataSaver: false });
    expect(img.src).toBe(photo);
    expect(img.srcSet).toContain(`${smallest} 480w`);
    expect(img.srcSet).toContain(`${photo} 1600w`);
    expect(img.sizes).toBe(COLUMN_SIZES);
  });

  it('asks for the smallest copy alone under data saver, keeping the size that reserves the box', () => {
    const img = imageAttributes(photo, { sizes: COLUMN_SIZES, dataSaver: true });
    expect(img).toMatchObject({ src: smallest, width: 1600, height: 1200, loading: 'lazy' });
    expect(img.srcSet).toBeUndefined();
    expect(img.sizes).toBeUndefined();
    expect(imageAttributes(older, { sizes: COLUMN_SIZES, dataSaver: true }).src).toBe(older);
  });

  it('follows this device’s choice when not told', () => {
    expect(imageAttributes(photo, { sizes: COLUMN_SIZES }).src).toBe(photo);
    setDataSaver(true);
    expect(imageAttributes(photo, { sizes: COLUMN_SIZES }).src).toBe(smallest);
  });
});

describe('ResponsiveImage', () => {
  it('draws the image with its srcset when data saver is off, wherever it is', () => {
    placeAt(2000);
    const { container } = renderImage(<ResponsiveImage url={photo} alt="Harbour" />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', photo);
    expect(img).toHaveAttribute('srcset');
    expect(screen.queryByTestId('tap-to-load')).toBeNull();
  });

  it('under data saver loads an image on the first screen at once, in its smallest copy', async () => {
    setDataSaver(true);
    placeAt(100);
    const { container } = renderImage(<ResponsiveImage url={photo} alt="Harbour" />);
    // Its place is kept while the data saver's part of the code comes.
    await waitFor(() => expect(container.querySelector('img')).not.toBeNull());
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', smallest);
    expect(img).not.toHaveAttribute('srcset');
    expect(screen.queryByRole('button', { name: 'Tap to load image' })).toBeNull();
  });

  it('under data saver asks for nothing below the first screen until the reader taps', async () => {
    setDataSaver(true);
    placeAt(2000);
    const { container } = renderImage(<ResponsiveImage url={photo} alt="Harbour" radius="md" />);
    const box = await screen.findByTestId('tap-to-load');
    expect(container.querySelector('img')).toBeNull();
    // The image's place is kept in its own shape.
    expect(box.style.aspectRatio).toBe('1600 / 1200');
    expect(box).toHaveTextContent('Harbour');

    fireEvent.click(screen.getByRole('button', { name: 'Tap to load image' }));

    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', smallest);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveFocus();
    expect(screen.queryByTestId('tap-to-load')).toBeNull();
  });

  it('under data saver still loads a priority image below the first screen, in its smallest copy', () => {
    setDataSaver(true);
    placeAt(2000);
    const { container } = renderImage(<ResponsiveImage url={photo} alt="" priority />);
    expect(container.querySelector('img')).toHaveAttribute('src', smallest);
  });

  it('shows a held image once data saver is switched off', () => {
    setDataSaver(true);
    placeAt(2000);
    const { container } = renderImage(<ResponsiveImage url={photo} alt="" />);
    expect(container.querySelector('img')).toBeNull();
    act(() => setDataSaver(false));
    expect(container.querySelector('img')).toHaveAttribute('src', photo);
  });
});
