import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n';
import { Providers } from '../app/Providers';
import { GalleryCarousel } from './GalleryCarousel';

afterEach(async () => {
  cleanup();
  await changeLocale('en');
});

const items = ['a', 'b', 'c'].map((n) => ({ url: `https://cdn.test/photos/${n}.jpg`, caption: '', alt: '' }));

describe('GalleryCarousel', () => {
  it('names its slides and controls in the reader’s language, none in Mantine’s English', async () => {
    await changeLocale('my');
    const { container } = render(
      <Providers>
        <GalleryCarousel items={items} title="ခရီးစဉ်" />
      </Providers>,
    );
    const labels = [...container.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label'));
    expect(labels).toContain('ဓာတ်ပုံ ၃ ပုံအနက် ၁');
    expect(labels.filter((l) => /slide|carousel/i.test(l ?? ''))).toEqual([]);
  });
});
