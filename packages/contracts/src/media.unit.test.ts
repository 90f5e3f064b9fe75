import { describe, expect, it } from 'vitest';
import { imageInfo, imageSrcSet, imageVariantUrl, imageVariantWidths } from './media';

const id = 'a'.repeat(32);

describe('image names', () => {
  it('a sized name gives kind, size and the copies narrower than the image', () => {
    expect(imageInfo(`/uploads/images/photos/2026/05/${id}-2048x1365.webp`)).toEqual({
      kind: 'photos',
      width: 2048,
      height: 1365,
      widths: [480, 960, 1440],
    });
    expect(imageInfo(`https://cdn.example.com/bucket/images/profiles/2026/05/${id}-512x512.webp`)).toMatchObject({
      widths: [128, 256],
    });
    expect(imageVariantWidths('photos', 480)).toEqual([]);
    expect(imageVariantWidths('photos', 481)).toEqual([480]);
  });

  it.each([
    `/uploads/images/photos/2026/01/${id}.webp`,
    `/uploads/images/photos/2026/01/${id}-300x200-480w.webp`,
    `/uploads/images/banners/2026/01/${id}-300x200.webp`,
    `/uploads/video/2026/01/${id}.jpg`,
    'https://example.com/photo-300x200.webp',
    null,
  ])('%j (older, a copy or not ours) says nothing and has no srcset', (url) => {
    expect(imageInfo(url)).toBeNull();
    expect(imageSrcSet(url)).toBeUndefined();
  });

  it('the srcset lists the copies and the image itself by width', () => {
    const url = `/uploads/images/covers/2026/05/${id}-1600x800.webp`;
    expect(imageVariantUrl(url, 480)).toBe(`/uploads/images/covers/2026/05/${id}-1600x800-480w.webp`);
    expect(imageSrcSet(url)).toBe(
      `/uploads/images/covers/2026/05/${id}-1600x800-480w.webp 480w, ` +
        `/uploads/images/covers/2026/05/${id}-1600x800-960w.webp 960w, ${url} 1600w`,
    );
    expect(imageSrcSet(`/uploads/images/photos/2026/05/${id}-400x300.webp`)).toBeUndefined();
  });
});
