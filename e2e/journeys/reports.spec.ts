import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { seriousViolations, smallTargets } from '../support/a11y';
import { api, login, newActivatedUser, newCreator, snap } from '../support/app';

type Messages = { [key: string]: string | Messages };
const catalog = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../apps/web/src', file), 'utf8')) as Messages;
const lookup = (messages: Messages) => (key: string) => {
  const value = key.split('.').reduce<string | Messages>((m, k) => (m as Messages)[k]!, messages);
  if (typeof value !== 'string') throw new Error(`no message ${key}`);
  return value;
};
const t = lookup(catalog('i18n/my.json'));
/** The admin area's Burmese messages (they load with its chunk: the shell's, and the other screens'). */
const ta = lookup({
  admin: {
    ...(catalog('admin/i18n/my.json').admin as Messages),
    ...(catalog('admin/i18n/pages.my.json').admin as Messages),
  },
});
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('at 390 px in Burmese', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a reader reports a comment; once a moderator removes it, the reader sees the outcome', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const creator = await newCreator(baseURL!, 'Thiri Creator');
    const troll = await newActivatedUser(baseURL!, 'Rude Writer');
    const trollToken = (await api<{ token: string }>(baseURL!, 'POST', '/login', { ...troll, device_name: 'e2e' }))
      .token;
    await api(baseURL!, 'POST', '/comments', { post_id: creator.post.id, content: 'ငါ မင်းကို မကြိုက်ဘူး' }, trollToken);

    const reader = await newActivatedUser(baseURL!, 'Su Su');
    await login(page, reader.email, reader.password);
    await page.evaluate(() => localStorage.setItem('inkwell.locale', 'my'));
    await page.goto(`/posts/${encodeURIComponent(creator.post.slug)}`);
    await page
      .getByRole('button', { name: t('reports.report_comment') })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: t('reports.title.comment') });
    await expect(dialog).toBeVisible();
    // A reason is needed first; the dialog says so in Burmese.
    await dialog.getByRole('button', { name: t('reports.send') }).click();
    await expect(dialog.getByText(t('reports.reason_required'))).toBeVisible();
    await dialog.getByRole('radio', { name: t('reports.reasons.harassment') }).check();
    await dialog.getByRole('textbox', { name: new RegExp(t('reports.comment').slice(0, 10)) }).fill('ရိုင်းစိုင်းသည်');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await snap(page, 'report-comment-dialog-my');
    await dialog.getByRole('button', { name: t('reports.send') }).click();
    await expect(page.getByText(t('reports.sent'))).toBeVisible();
    await expect(dialog).toBeHidden();

    // My reports: waiting for review.
    await page.goto('/profile/reports');
    const item = page.getByRole('listitem').filter({ hasText: 'ငါ မင်းကို မကြိုက်ဘူး' });
    await expect(item.getByText(t('reports.statuses.open'))).toBeVisible();
    await snap(page, 'my-reports-open-my');

    // A moderator works the queue in the browser, on a phone in Burmese too: the badge counts the open report,
    // the row opens it, and Remove (with the note the writer is told) decides it.
    const moderatorContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    try {
      const moderator = await moderatorContext.newPage();
      await login(moderator, ADMIN.email, ADMIN.password);
      await moderator.evaluate(() => localStorage.setItem('inkwell.locale', 'my'));
      await moderator.goto('/admin');
      // The dashboard says the queue is waiting.
      await expect(moderator.getByRole('region', { name: ta('admin.dashboard.open_reports') })).toBeVisible();
      await moderator.getByRole('button', { name: ta('admin.toggle_menu') }).click();
      const entry = moderator
        .getByRole('navigation', { name: ta('admin.nav.label') })
        .getByRole('link', { name: new RegExp(`^${ta('admin.nav.reports')}`) });
      const openCount = new RegExp(escape(ta('admin.nav.open_reports_other')).replace('\\{\\{n\\}\\}', '[၀-၉]+'));
      await expect(entry).toHaveAccessibleName(openCount);
      await entry.click();
      await expect(moderator.getByTestId('admin-title')).toHaveText(ta('admin.titles.reports'));
      const row = moderator.getByRole('row').filter({ hasText: 'ငါ မင်းကို မကြိုက်ဘူး' });
      await expect(row).toHaveCount(1);
      await expect(row.getByText(t('reports.reasons.harassment'), { exact: false })).toBeVisible();
      expect(await seriousViolations(moderator)).toEqual([]);
      expect(await smallTargets(moderator)).toEqual([]);
      await snap(moderator, 'admin-reports-queue-my');
      // On a phone the row is a card: a tap on it (not only on its link) opens the report.
      await row.getByText(t('reports.reasons.harassment'), { exact: false }).click();
      await expect(moderator).toHaveURL(/\/admin\/reports\/\d+$/);
      await expect(moderator.getByRole('heading', { name: ta('admin.reports.heading.comment') })).toBeVisible();
      await expect(moderator.getByTestId('snapshot-text')).toHaveText('ငါ မင်းကို မကြိုက်ဘူး');
      await expect(moderator.getByText('ရိုင်းစိုင်းသည်')).toBeVisible();
      const remove = moderator.getByRole('button', { name: ta('admin.reports.remove'), exact: true });
      // Without a note nothing is sent: the writer must be told why.
      await remove.click();
      await expect(moderator.getByText(ta('admin.reports.note_required'))).toBeVisible();
      await moderator.getByRole('textbox', { name: ta('admin.reports.note_label') }).fill('စော်ကားသော စကားများ');
      expect(await seriousViolations(moderator)).toEqual([]);
      expect(await smallTargets(moderator)).toEqual([]);
      await snap(moderator, 'admin-report-detail-my');
      await remove.click();
      await expect(moderator.getByText(ta('admin.reports.done.remove'))).toBeVisible();
      const decision = moderator.getByTestId('report-decision');
      await expect(decision.getByText(ta('admin.reports.decided.remove'), { exact: true })).toBeVisible();
      await expect(decision.getByText('စော်ကားသော စကားများ')).toBeVisible();
      await expect(remove).toHaveCount(0);
      await snap(moderator, 'admin-report-removed-my');
    } finally {
      await moderatorContext.close();
    }

    await page.reload();
    await expect(item.getByText(t('reports.statuses.resolved'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'my-reports-resolved-my');
    // The comment is gone from the post.
    await page.goto(`/posts/${encodeURIComponent(creator.post.slug)}`);
    await expect(page.getByText('ငါ မင်းကို မကြိုက်ဘူး')).toHaveCount(0);
  });
});
