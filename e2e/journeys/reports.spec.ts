import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { seriousViolations, smallTargets } from '../support/a11y';
import { api, login, newActivatedUser, newCreator, snap } from '../support/app';

type Messages = { [key: string]: string | Messages };
const my = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../apps/web/src/i18n/my.json'), 'utf8'),
) as Messages;
const t = (key: string): string => {
  const value = key.split('.').reduce<string | Messages>((m, k) => (m as Messages)[k]!, my);
  if (typeof value !== 'string') throw new Error(`no message ${key}`);
  return value;
};

test.describe('at 390 px in Burmese', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a reader reports a comment; once a moderator removes it, the reader sees the outcome', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const creator = await newCreator(baseURL!, 'Thiri Creator');
    const troll = await newActivatedUser(baseURL!, 'Rude Writer');
    const trollToken = (await api<{ token: string }>(baseURL!, 'POST', '/login', { ...troll, device_name: 'e2e' }))
      .token;
    const comment = await api<{ data: { id: number } }>(
      baseURL!,
      'POST',
      '/comments',
      { post_id: creator.post.id, content: 'ငါ မင်းကို မကြိုက်ဘူး' },
      trollToken,
    );

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

    // A moderator removes it (the queue's screen is the next step; its API is what that screen calls).
    const admin = await api<{ token: string }>(baseURL!, 'POST', '/login', { ...ADMIN, device_name: 'e2e' });
    const queue = await api<{ data: { id: number; target_id: number }[] }>(
      baseURL!,
      'GET',
      '/admin/reports?target_type=comment&per_page=100',
      undefined,
      admin.token,
    );
    const open = queue.data.find((r) => r.target_id === comment.data.id)!;
    await api(
      baseURL!,
      'POST',
      `/admin/reports/${open.id}/resolve`,
      { action: 'remove', note: 'Insults' },
      admin.token,
    );

    await page.reload();
    await expect(item.getByText(t('reports.statuses.resolved'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'my-reports-resolved-my');
    // The comment is gone from the post.
    await page.goto(`/posts/${encodeURIComponent(creator.post.slug)}`);
    await expect(page.getByText('ငါ မင်းကို မကြိုက်ဘူး')).toHaveCount(0);
  });
});
