import { expect, test, type Page } from '@playwright/test';
import { api, newActivatedUser, newCreator, snap, uploadImage } from '../support/app';
import { image } from '../support/media';

/**
 * A creator's page on a phone, in Burmese: it opens on every post (a new photo post is there at once, not
 * under a tab the creator has to find), the tab strip shows that it scrolls, and a reader's actions sit below
 * the banner in colours that stand out from it, inside the page.
 */
test.use({ viewport: { width: 390, height: 844 } });

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

test('a creator’s page on a phone in Burmese: all posts first, a strip that shows it scrolls, actions in view', async ({
  page,
  baseURL,
}) => {
  const creator = await newCreator(baseURL!, 'Inle Painter');
  await api(
    baseURL!,
    'POST',
    '/posts',
    {
      account_id: creator.account.id,
      type: 'photo',
      title: 'Lake at dawn',
      content: 'Fishermen',
      url: await uploadImage(baseURL!, creator.token, 'covers', image('lake.png', '1600x900')),
    },
    creator.token,
  );
  const reader = await newActivatedUser(baseURL!, 'Lake Reader');
  await page.addInitScript(() => localStorage.setItem('inkwell.locale', 'my'));
  await page.goto('/login');
  await page.locator('input[type=email]').fill(reader.email);
  await page.locator('input[type=password]').fill(reader.password);
  await page.locator('input[type=password]').press('Enter');
  await expect(page).toHaveURL(/\/home/);
  await page.goto(`/a/${creator.account.username}`);

  // The first tab, "All", is open and holds both the photo and the creator's first status, newest first.
  const all = page.getByRole('tab', { name: 'အားလုံး' });
  await expect(all).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Lake at dawn')).toBeVisible();
  await expect(panel.getByText('Hello from Inle Painter')).toBeVisible();
  const texts = await panel.locator('article').allInnerTexts();
  expect(texts.findIndex((t) => t.includes('Lake at dawn'))).toBeLessThan(
    texts.findIndex((t) => t.includes('Hello from Inle Painter')),
  );
  // The status tab is named as the composer names the type: "Note" (မှတ်စု), "Notes" (မှတ်စုများ).
  await expect(page.getByRole('tab', { name: 'မှတ်စုများ' })).toBeAttached();

  // Seven tabs do not fit 390 px: the cut edge says so, and its arrow scrolls the strip on.
  const more = page.getByRole('button', { name: 'နောက်ထပ် တဘ်များ ပြရန်' });
  await expect(more).toBeVisible();
  await expect(page.getByRole('button', { name: 'ရှေ့ တဘ်များ ပြရန်' })).toHaveCount(0);
  await snap(page, 'account-page-my');
  await more.click();
  await expect(page.getByRole('button', { name: 'ရှေ့ တဘ်များ ပြရန်' })).toBeVisible();
  // A tab label is never broken: each stays on one line.
  for (const tab of await page.getByRole('tab').all()) {
    const height = await tab.evaluate((el) => {
      const label = el.querySelector<HTMLElement>('.mantine-Tabs-tabLabel') ?? el;
      return label.getBoundingClientRect().height / parseFloat(getComputedStyle(label).lineHeight);
    });
    expect(height).toBeLessThan(1.5);
  }
  // Opening a tab from a link scrolls it into view.
  await page.goto(`/a/${creator.account.username}?tab=audio`);
  const audio = page.getByRole('tab', { name: 'အသံ' });
  await expect(audio).toHaveAttribute('aria-selected', 'true');
  await expect(audio).toBeInViewport({ ratio: 1 });

  // The reader's actions start below the banner and stay inside the page.
  const banner = await box(page, '.mantine-Card-root > :first-child');
  const message = page.getByRole('button', { name: 'စာပို့ရန်' });
  const messageBox = (await message.boundingBox())!;
  expect(messageBox.y).toBeGreaterThanOrEqual(banner.y + banner.height);
  for (const button of [message, page.getByRole('button', { name: 'ဖောလိုလုပ်မည်' })]) {
    const b = (await button.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
  }
  // Drawn on the page's own background with a border, not tinted like the banner.
  const [background, border] = await message.evaluate((el) => {
    const style = getComputedStyle(el);
    return [style.backgroundColor, style.borderTopWidth];
  });
  expect(background).not.toBe(
    await page
      .locator('.mantine-Card-root > :first-child')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor),
  );
  expect(parseFloat(border)).toBeGreaterThan(0);
  await snap(page, 'account-page-actions-my');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/a/${creator.account.username}`);
  await expect(page.getByRole('tab', { name: 'အားလုံး' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'နောက်ထပ် တဘ်များ ပြရန်' })).toHaveCount(0);
  await snap(page, 'account-page-my');
});
