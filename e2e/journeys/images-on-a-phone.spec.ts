import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, login, newActivatedUser, newCreator, snap, uploadImage } from '../support/app';
import { image } from '../support/media';

// A common phone: 412 CSS px wide at twice the density wants images about 824 px wide.
test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2 });

/** Every layout shift of the page, with whether an image moved in it (recorded from the first paint). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; images: boolean }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const images = entry.sources.some(
          (s) => s.node instanceof Element && (s.node.tagName === 'IMG' || Boolean(s.node.querySelector('img'))),
        );
        shifts.push({ value: entry.value, images });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: { value: number; images: boolean }[] }).__shifts);

/** The file of its srcset the browser loaded for the image. */
async function loaded(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img.evaluate((el: HTMLImageElement) => el.currentSrc);
}

test('a reader on a phone gets images sized for it: no shifts, lazy below, the first one first', async ({
  page,
  baseURL,
}) => {
  // A creator's photo post and gallery (newest first: gallery, photo, then the creator's first status).
  const creator = await newCreator(baseURL!, 'Harbour Painter');
  const publish = (body: Record<string, unknown>) =>
    api(baseURL!, 'POST', '/posts', { account_id: creator.account.id, ...body }, creator.token);
  await publish({
    type: 'photo',
    title: 'Harbour',
    content: 'Boats at noon',
    url: await uploadImage(baseURL!, creator.token, 'covers', image('harbour.png', '2400x1200')),
  });
  await publish({
    type: 'gallery',
    title: 'Streets',
    photos: [
      { url: await uploadImage(baseURL!, creator.token, 'photos', image('street-1.png', '2400x1600')), caption: 'One' },
      { url: await uploadImage(baseURL!, creator.token, 'photos', image('street-2.png', '1600x2400')), caption: 'Two' },
    ],
  });
  const reader = await newActivatedUser(baseURL!, 'Phone Reader');
  const { token } = await api<{ token: string }>(baseURL!, 'POST', '/login', {
    email: reader.email,
    password: reader.password,
    device_name: 'e2e',
  });
  await api(baseURL!, 'POST', `/accounts/${creator.account.id}/follow`, {}, token);

  await recordShifts(page);
  await login(page, reader.email, reader.password);
  const postImages = page.locator('article img:not(.mantine-Avatar-image)');
  await expect(postImages).toHaveCount(3);
  const [galleryFirst, gallerySecond, photo] = await postImages.all();

  // Only the first post image is fetched at once (the likely largest paint); the rest wait to come near.
  await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
  await expect(galleryFirst!).toHaveAttribute('fetchpriority', 'high');
  await expect(galleryFirst!).toHaveAttribute('loading', 'eager');
  for (const img of [gallerySecond!, photo!]) {
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('decoding', 'async');
  }
  await expect(galleryFirst!).toHaveAttribute('width', '2048');
  await expect(galleryFirst!).toHaveAttribute('height', '1365');
  await expect(gallerySecond!).toHaveAttribute('width', '1365');
  await expect(gallerySecond!).toHaveAttribute('height', '2048');
  await expect(photo!).toHaveAttribute('width', '1600');
  await expect(photo!).toHaveAttribute('height', '800');
  for (const img of [galleryFirst!, photo!]) {
    await expect(img).toHaveAttribute('srcset', /-480w\.webp 480w, .*-960w\.webp 960w/);
    // The browser picks the 960 px copy for a 412 px screen at 2x, not the full-size file.
    expect(await loaded(img)).toMatch(/-960w\.webp$/);
  }
  await snap(page, 'images-feed');
  expect((await shifts(page)).filter((s) => s.images)).toEqual([]);

  // A demo account's page: its banner is the priority image, its picture a copy near its drawn size.
  await page.goto('/a/maya.sketches');
  const banner = page.locator('img[fetchpriority="high"]');
  await expect(banner).toHaveCount(1);
  await expect(banner).toHaveAttribute('width', '1600');
  expect(await loaded(banner)).toMatch(/-960w\.webp$/);
  await expect(banner).toHaveCSS('height', '140px');
  // 88 px at 2x: the 256 px copy.
  expect(await loaded(page.locator('img[sizes="88px"]'))).toMatch(/-256w\.webp$/);
  await snap(page, 'images-account');
  expect((await shifts(page)).filter((s) => s.images)).toEqual([]);
});
