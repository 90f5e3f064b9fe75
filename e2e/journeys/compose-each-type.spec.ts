import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, login, snap } from '../support/app';
import { seriousFindings } from '../support/a11y';
import { audio, image, recordStatuses, seenStatuses, video } from '../support/media';

const CREATOR_ACCOUNT = 'maya.sketches';

async function choose(page: Page, type: string) {
  await page.goto('/compose');
  await page.locator('.mantine-Chip-label', { hasText: new RegExp(`^${type}$`) }).click();
  await expect(page.getByRole('radio', { name: type, exact: true })).toBeChecked();
}

async function publish(page: Page) {
  const button = page.getByRole('button', { name: 'Publish' });
  await expect(button).toBeEnabled({ timeout: 60_000 });
  await button.click();
  await expect(page).toHaveURL(/\/posts\/.+/);
  await expect(page.getByText('Your post is published.')).toBeVisible();
}

async function upload(page: Page, buttonName: string, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: buttonName }).click();
  await (await chooser).setFiles(file);
}

test('a creator composes one post of each type and finds each under its tab', async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, demo.maya, DEMO_PASSWORD);
  const stamp = Date.now() % 100000;

  // A note, the status type (at most 250 characters, with a counter).
  await choose(page, 'Note');
  await page.getByLabel("What's happening?").fill(`Sketching by the river ${stamp}`);
  await expect(page.getByText(/characters left/)).toBeVisible();
  await publish(page);
  await expect(page.getByText(`Sketching by the river ${stamp}`)).toBeVisible();

  // Article with the rich-text editor.
  await choose(page, 'Article');
  await page.getByRole('textbox', { name: 'Title' }).fill(`Field notes ${stamp}`);
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('Markets at dawn are the best place to draw.');
  await publish(page);
  await expect(page.getByRole('heading', { name: `Field notes ${stamp}` })).toBeVisible();
  await expect(page.getByText('Markets at dawn are the best place to draw.')).toBeVisible();

  // Photo: image upload with progress, then the picture.
  await choose(page, 'Photo');
  await page.getByRole('textbox', { name: 'Title' }).fill(`Harbour ${stamp}`);
  await page.getByLabel('Text').fill('Boats at noon');
  await upload(page, 'Choose an image', image('harbour.png'));
  await expect(page.getByRole('img', { name: 'Photo' })).toBeVisible({ timeout: 30_000 });
  // Its description is asked for under it, with a reminder while empty (publishing would still work).
  const alt = page.getByRole('textbox', { name: 'Image description (alt text)' });
  await expect(alt).toHaveAccessibleDescription(/a screen reader will only say “image”/);
  expect(await seriousFindings(page)).toEqual([]);
  await alt.fill('Three fishing boats moored at noon');
  await expect(alt).not.toHaveAccessibleDescription(/only say “image”/);
  await publish(page);
  await expect(page.getByRole('heading', { name: `Harbour ${stamp}` })).toBeVisible();
  // A screen reader names the picture by what it shows.
  await expect(page.getByRole('img', { name: 'Three fishing boats moored at noon' })).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);

  // Gallery: photos appended with captions; one removed.
  await choose(page, 'Gallery');
  await page.getByRole('textbox', { name: 'Title' }).fill(`Market day ${stamp}`);
  for (const [i, name] of ['a.png', 'b.png', 'c.png'].entries()) {
    await upload(page, 'Add a photo', image(name, '800x600', i % 2 ? 'testsrc' : 'smptebars'));
    await expect(page.getByLabel(`Caption of photo ${i + 1}`)).toBeVisible({ timeout: 30_000 });
  }
  await page.getByLabel('Caption of photo 1').fill('Fish');
  await page.getByRole('textbox', { name: 'Description of photo 1' }).fill('Silver fish laid out in baskets');
  await page.getByRole('button', { name: 'Remove photo 3' }).click();
  await expect(page.getByLabel('Caption of photo 3')).toHaveCount(0);
  await publish(page);
  await expect(page.getByRole('img', { name: 'Silver fish laid out in baskets' })).toBeVisible();
  await expect(page.getByText('Fish', { exact: true })).toBeVisible();
  await snap(page, 'gallery-post');

  // Audio: upload progress, the processing text, then the player; audio, title and cover are required.
  await choose(page, 'Audio');
  await recordStatuses(page);
  await upload(page, 'Choose an audio file', audio());
  await expect(
    page
      .getByText(/Uploading…|Processing…/)
      .or(page.getByRole('group', { name: 'Audio file' }))
      .first(),
  ).toBeVisible();
  if (await page.getByText(/Processing…/).isVisible()) await snap(page, 'audio-processing');
  await expect(page.getByRole('group', { name: 'Audio file' })).toBeVisible({ timeout: 60_000 });
  expect((await seenStatuses(page)).some((text) => text.startsWith('Processing…'))).toBe(true);
  await page.getByRole('textbox', { name: 'Title' }).fill(`River song ${stamp}`);
  await upload(page, 'Choose an image', image('cover.png', '600x600'));
  // A square cover goes through the crop step (media-shapes.spec.ts looks at it closely).
  await page
    .getByRole('dialog', { name: 'Choose the part to show' })
    .getByRole('button', { name: 'Use this part' })
    .click();
  await expect(page.getByRole('img', { name: 'Cover picture' })).toBeVisible({ timeout: 30_000 });
  await publish(page);
  const player = page.getByRole('group', { name: `River song ${stamp}` });
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(player.locator('audio')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();

  // Video: the 20-second poll, then the player; title required.
  await choose(page, 'Video');
  await upload(page, 'Choose a video', video());
  await expect(page.getByText(/Processing…/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Waiting for uploads…' })).toBeDisabled();
  await expect(page.getByRole('group', { name: 'Video file' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('textbox', { name: 'Title' }).fill(`Street film ${stamp}`);
  await publish(page);
  const film = page.getByRole('group', { name: `Street film ${stamp}` });
  await film.getByRole('button', { name: 'Play' }).click();
  await expect(film).toHaveAttribute('data-state', /playing|ended/, { timeout: 15_000 });
  await snap(page, 'video-post');

  // Each post sits under its own tab on the account page.
  const tabs: [string, string][] = [
    ['Notes', `Sketching by the river ${stamp}`],
    ['Articles', `Field notes ${stamp}`],
    ['Photos', `Harbour ${stamp}`],
    ['Galleries', `Market day ${stamp}`],
    ['Videos', `Street film ${stamp}`],
    ['Audio', `River song ${stamp}`],
  ];
  await page.goto(`/a/${CREATOR_ACCOUNT}`);
  for (const [tab, text] of tabs) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel').getByText(text).first()).toBeVisible();
  }
  await snap(page, 'account-page');
});
