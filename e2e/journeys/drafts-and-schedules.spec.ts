import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { api, login, newActivatedUser, newCreator, snap } from '../support/app';
import { seriousFindings } from '../support/a11y';

type Messages = { [key: string]: string | Messages };
const my = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../apps/web/src/i18n/my.json'), 'utf8'),
) as Messages;
const t = (key: string) => {
  const value = key.split('.').reduce<string | Messages>((m, k) => (m as Messages)[k]!, my);
  if (typeof value !== 'string') throw new Error(`no message ${key}`);
  return value;
};
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `instant` on a Yangon wall clock (an account's default zone), as a datetime-local input takes it. */
function yangonInput(instant: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Yangon',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test('a draft written on a phone in Burmese is finished on a laptop, scheduled, published on time, then edited with its history', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const creator = await newCreator(baseURL!, 'Su Planner');
  const reader = await newActivatedUser(baseURL!, 'Kyaw Reader');
  const readerToken = (await api<{ token: string }>(baseURL!, 'POST', '/login', { ...reader, device_name: 'e2e' }))
    .token;
  await api(baseURL!, 'POST', `/accounts/${creator.account.id}/follow`, {}, readerToken);

  // On a phone, in Burmese: the words are kept as they are written, and are there after a reload.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const onPhone = await phone.newPage();
  await login(onPhone, creator.email, creator.password);
  await onPhone.evaluate(() => localStorage.setItem('inkwell.locale', 'my'));
  await onPhone.goto('/compose');
  const words = 'မနက်ဖြန် ရန်ကုန် ညဈေး အကြောင်း';
  await onPhone.getByRole('textbox', { name: t('posts.fields.status') }).fill(words);
  const savedAt = new RegExp(escape(t('posts.draft.saved')).replace('\\{\\{time\\}\\}', '.+'));
  await expect(onPhone.getByRole('status').filter({ hasText: savedAt })).toBeVisible({ timeout: 15_000 });
  await expect(onPhone).toHaveURL(/\/compose\?draft=/);
  await onPhone.reload();
  await expect(onPhone.getByRole('textbox', { name: t('posts.fields.status') })).toHaveValue(words);
  await expect(onPhone.getByText(t('posts.draft.kept'))).toBeVisible();
  expect(await seriousFindings(onPhone)).toEqual([]);
  await snap(onPhone, 'draft-on-a-phone-my');
  await phone.close();

  // On a laptop: the draft is under My posts, opens where it was left, and is scheduled two minutes ahead.
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await laptop.newPage();
  await login(page, creator.email, creator.password);
  await page.goto('/profile/posts?tab=drafts');
  await expect(page.getByText(words)).toBeVisible();
  await page.getByRole('link', { name: 'Continue writing' }).first().click();
  const box = page.getByRole('textbox', { name: "What's happening?" });
  await expect(box).toHaveValue(words);
  await box.fill(`${words} — ၇ နာရီ`);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const when = page.getByLabel('Publish on');
  await expect(page.getByText('In the account’s time zone (Asia/Yangon)')).toBeVisible();
  await when.fill(yangonInput(Date.now() + 2 * 60_000));
  await page.getByRole('button', { name: 'Schedule post' }).click();
  await expect(page.getByText('Your post is scheduled.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/posts\?tab=drafts$/);
  await expect(page.getByText('Scheduled', { exact: true }).first()).toBeVisible();
  await snap(page, 'drafts-scheduled');
  // The same list on a phone: the actions wrap, nothing is cut.
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'drafts-scheduled');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Not in the reader's feed before its time; published once the clock reaches it (the scheduler run as of three
  // minutes from now: the journey's controlled clock), then it is there.
  const readerPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await login(readerPage, reader.email, reader.password);
  await expect(readerPage.getByText(`${words} — ၇ နာရီ`)).toHaveCount(0);
  const due = await fetch(`${baseURL}/api/dev/publish-due?at=${encodeURIComponent(new Date().toISOString())}`, {
    method: 'POST',
  });
  expect(((await due.json()) as { data: { published: number } }).data.published).toBe(0);
  const later = new Date(Date.now() + 3 * 60_000).toISOString();
  const ran = await fetch(`${baseURL}/api/dev/publish-due?at=${encodeURIComponent(later)}`, { method: 'POST' });
  expect(((await ran.json()) as { data: { published: number } }).data.published).toBe(1);
  await readerPage.reload();
  await expect(readerPage.getByText(`${words} — ၇ နာရီ`)).toBeVisible();

  // Edited after publishing: marked, and its earlier words are in its history.
  await page.goto(`/a/${creator.account.username}`);
  await page.getByText(`${words} — ၇ နာရီ`).click();
  await expect(page).toHaveURL(/\/posts\//);
  await page.getByRole('button', { name: 'Post actions' }).first().click();
  await page.getByRole('button', { name: 'Edit post' }).click();
  await page.getByRole('textbox', { name: "What's happening?" }).fill(`${words} — ၇ နာရီခွဲ`);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(`${words} — ၇ နာရီခွဲ`)).toBeVisible();
  await page
    .getByRole('button', { name: /Edited/ })
    .first()
    .click();
  const history = page.getByRole('dialog', { name: 'Edit history' });
  await expect(history.getByText(`${words} — ၇ နာရီ`, { exact: true })).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);
  await snap(page, 'edit-history');
  await laptop.close();
});
