import { expect, test, type Locator, type Page } from '@playwright/test';
import { newActivatedUser, newCreator, snap } from '../support/app';
import { audio, image, recordStatuses, seenStatuses, video } from '../support/media';

/** Signs in once the page has settled: a form filled before the app takes over the page can lose its values. */
async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/home$/);
}

async function choose(page: Page, type: string) {
  await page.goto('/compose');
  await page.locator('.mantine-Chip-label', { hasText: new RegExp(`^${type}$`) }).click();
  await expect(page.getByRole('radio', { name: type, exact: true })).toBeChecked();
}

async function upload(page: Page, buttonName: string, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: buttonName }).click();
  await (await chooser).setFiles(file);
}

async function publish(page: Page) {
  const button = page.getByRole('button', { name: 'Publish' });
  await expect(button).toBeEnabled({ timeout: 60_000 });
  await button.click();
  await expect(page).toHaveURL(/\/posts\/.+/);
}

/** The drawn box of an image once it has loaded: width ÷ height, and its size. */
async function drawn(img: Locator) {
  // The list may redraw after publishing and replace the element: every try finds the image again.
  let box = { width: 0, height: 0 };
  await expect
    .poll(async () => {
      const seen = await img
        .evaluate((el: HTMLImageElement) => {
          el.scrollIntoView({ block: 'center' });
          if (!el.complete || el.naturalWidth === 0) return null;
          const rect = el.getBoundingClientRect();
          return { width: rect.width, height: rect.height };
        })
        .catch(() => null);
      if (seen && seen.height > 0) box = seen;
      return seen !== null && seen.height > 0;
    })
    .toBe(true);
  return { ratio: box.width / box.height, width: box.width, height: box.height };
}

/** The frame's crop step: it is there, the zoom slider is labelled and works by keyboard, and confirming sends. */
async function cropAndConfirm(page: Page, shot: string) {
  const dialog = page.getByRole('dialog', { name: 'Choose the part to show' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Part of the picture to keep' })).toBeVisible();
  await snap(page, shot);
  const zoom = dialog.getByRole('slider', { name: 'Zoom' });
  await zoom.focus();
  await zoom.press('ArrowRight');
  await zoom.press('ArrowRight');
  await expect(zoom).toHaveAttribute('aria-valuenow', '1.1');
  await dialog.getByRole('button', { name: 'Use this part' }).click();
  await expect(dialog).toBeHidden();
}

test('photos keep their shape, fixed shapes go through a crop step, a video shows its progress at once', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const creator = await newCreator(baseURL!, 'Shape Keeper');
  await login(page, creator.email, creator.password);

  // A 4:3 photo: no crop step, and it stays 4:3 on a wide screen and on a phone.
  await choose(page, 'Photo');
  await page.getByRole('textbox', { name: 'Title' }).fill('Four by three');
  await page.getByLabel('Text').fill('Nothing cut off');
  await upload(page, 'Choose an image', image('four-three.png', '1200x900'));
  await expect(page.getByRole('img', { name: 'Photo' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await publish(page);
  const photo = page.getByRole('img', { name: 'Four by three' });
  await expect(photo).toHaveAttribute('width', '1200');
  await expect(photo).toHaveAttribute('height', '900');
  const wide = await drawn(photo);
  expect(wide.ratio).toBeCloseTo(4 / 3, 1);
  expect(wide.height).toBeLessThanOrEqual(800 * 0.8 + 1);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const narrow = await drawn(page.getByRole('img', { name: 'Four by three' }));
  expect(narrow.ratio).toBeCloseTo(4 / 3, 1);
  expect(narrow.width).toBeLessThanOrEqual(390);
  await snap(page, 'media-photo-4x3');

  // Audio: a 4:3 picture as the cover goes through the crop step and ends square, drawn square.
  await choose(page, 'Audio');
  await upload(page, 'Choose an audio file', audio('shapes.mp3'));
  await expect(page.getByRole('group', { name: 'Audio file' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('textbox', { name: 'Title' }).fill('Square song');
  await upload(page, 'Choose an image', image('cover-four-three.png', '800x600', 'smptebars'));
  await cropAndConfirm(page, 'media-crop-cover');
  const preview = page.getByRole('img', { name: 'Cover picture' });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await publish(page);
  const cover = page.locator('img[src*="/images/squares/"]').first();
  await expect(cover).toHaveAttribute('src', /-(\d+)x\1\.webp$/);
  const square = await drawn(cover);
  expect(square.ratio).toBeCloseTo(1, 1);
  await snap(page, 'media-audio-square');

  // A short video: its percentage shows while it is processed, and it is ready well before the 20 s poll.
  await page.setViewportSize({ width: 1280, height: 800 });
  await choose(page, 'Video');
  await recordStatuses(page);
  await upload(page, 'Choose a video', video('progress.mp4', 5));
  const ready = page.getByRole('group', { name: 'Video file' });
  await expect(
    page
      .getByText(/Processing…/)
      .or(ready)
      .first(),
  ).toBeVisible({ timeout: 60_000 });
  const processingSince = Date.now();
  await expect(ready).toBeVisible({ timeout: 15_000 });
  expect(Date.now() - processingSince).toBeLessThan(15_000);
  expect((await seenStatuses(page)).some((text) => /Processing… \d+%/.test(text))).toBe(true);
  await snap(page, 'media-video-ready');
});

test('a profile picture is chosen through the crop step and comes out square', async ({ page, baseURL }) => {
  const person = await newActivatedUser(baseURL!, 'Round Face');
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, person.email, person.password);
  await page.goto('/profile/edit');
  await upload(page, 'Choose an image', image('portrait.png', '600x900', 'testsrc'));
  await cropAndConfirm(page, 'media-crop-avatar');
  const picture = page.getByRole('img', { name: 'Profile picture' });
  await expect(picture).toBeVisible({ timeout: 30_000 });
  await expect(picture).toHaveAttribute('src', /images\/profiles\/.+-512x512\.webp$/);
  const size = await picture.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight]);
  expect(size[0]).toBe(size[1]);
});
