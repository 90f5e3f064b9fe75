import { describe, expect, it } from 'vitest';
import { galleryFrameRatio, photoBoxStyle } from './imageBox';

const url = (w: number, h: number) => `/uploads/images/photos/2026/11/${'a'.repeat(32)}-${w}x${h}.webp`;

describe('photoBoxStyle', () => {
  it('keeps a 4:3 photo 4:3, as wide as the column, never taller than the bound, never enlarged', () => {
    expect(photoBoxStyle(url(1200, 900))).toEqual({
      width: 'min(100%, 1200px, calc(80vh * 1.3333))',
      height: 'auto',
      aspectRatio: '1200 / 900',
      objectFit: 'contain',
      marginInline: 'auto',
    });
  });

  it('narrows a tall photo by its height bound instead of cropping it', () => {
    const style = photoBoxStyle(url(1365, 2048), '60vh');
    expect(style.width).toBe('min(100%, 1365px, calc(60vh * 0.6665))');
    expect(style.aspectRatio).toBe('1365 / 2048');
  });

  it('bounds an image of unknown size and letterboxes it', () => {
    expect(photoBoxStyle('/uploads/images/photos/old.webp')).toEqual({
      width: '100%',
      height: 'auto',
      maxHeight: '80vh',
      objectFit: 'contain',
    });
    expect(photoBoxStyle(null).objectFit).toBe('contain');
  });
});

describe('galleryFrameRatio', () => {
  it('takes the first photo’s shape, kept between 4:5 and 16:9', () => {
    expect(galleryFrameRatio([url(1200, 900), url(900, 1200)])).toBe(1.3333);
    expect(galleryFrameRatio([url(1000, 3000)])).toBe(0.8);
    expect(galleryFrameRatio([url(3000, 1000)])).toBe(1.7778);
  });

  it('is 4:3 without a known first photo', () => {
    expect(galleryFrameRatio([])).toBe(1.3333);
    expect(galleryFrameRatio(['/x.webp'])).toBe(1.3333);
  });
});
