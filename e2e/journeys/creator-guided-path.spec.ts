import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from '../support/a11y';
import { login, newActivatedUser, snap, unique } from '../support/app';

/**
 * The way from reader to first post is one guided path: plan → organization → account → first post. Every screen
 * of it shows the four steps (the ones done ticked, its own current) and offers the next one in one tap.
 */

type Messages = { [key: string]: string | Messages };
const messages = (locale: string) =>
  JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '../../apps/web/src/i18n', `${locale}.json`), 'utf8'),
  ) as Messages;
const translator = (locale: string) => {
  const all = messages(locale);
  return (key: string): string => {
    const value = key.split('.').reduce<string | Messages>((m, k) => (m as Messages)[k]!, all);
    if (typeof value !== 'string') throw new Error(`no message ${key}`);
    return value;
  };
};
const t = translator('my');

const STEPS = ['plan', 'organization', 'account', 'post'] as const;
type Step = (typeof STEPS)[number];

/** The steps say which are done and which is this screen's, and fit the phone: no label broken inside a word. */
async function expectSteps(page: Page, current: Step, done: Step[], name = t('creators.path.label')) {
  const list = page.getByRole('list', { name });
  await expect(list).toBeVisible();
  for (const step of STEPS) {
    const item = list.locator(`li[data-step="${step}"]`);
    if (done.includes(step)) await expect(item).toHaveAttribute('data-done', 'true');
    else await expect(item).not.toHaveAttribute('data-done');
    if (step === current) await expect(item).toHaveAttribute('aria-current', 'step');
    else await expect(item).not.toHaveAttribute('aria-current');
  }
  expect(await labelProblems(list)).toEqual([]);
}

/**
 * Step labels drawn outside their column, or a word broken across lines (Burmese and Thai have no spaces inside a
 * word, so a line may only end at a space between the label's words).
 */
function labelProblems(list: Locator): Promise<string[]> {
  return list.evaluate((ol) => {
    const found: string[] = [];
    if (ol.scrollWidth > ol.clientWidth + 1) found.push(`list scrolls: ${ol.scrollWidth} > ${ol.clientWidth}`);
    const rowsOf = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return [...range.getClientRects()].filter((r) => r.width > 0);
    };
    for (const li of ol.querySelectorAll('li')) {
      const label = li.querySelector<HTMLElement>(':scope > span:not([aria-hidden])')!;
      const cell = li.getBoundingClientRect();
      for (const line of rowsOf(label))
        if (line.left < cell.left - 1 || line.right > cell.right + 1)
          found.push(`${label.innerText}: outside its column`);
      const words = [...label.querySelectorAll(':scope > span')];
      if (words.length === 0) found.push(`${label.innerText}: no words`);
      for (const word of words) {
        const rows = new Set(rowsOf(word).map((r) => Math.round(r.top / 4))).size;
        if (rows !== 1) found.push(`${word.textContent}: one word on ${rows} lines`);
      }
      // What the words say is the whole label: nothing outside them that could break.
      if (words.map((w) => w.textContent).join(' ') !== label.textContent) found.push(`${label.innerText}: loose text`);
    }
    return found;
  });
}

test.describe('at 390 px in Burmese', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a new creator's guided path: plan, organization, account, first post", async ({ page, baseURL }) => {
    // Nine screens, each loaded and photographed: longer than one screen's minute on a shared two-core machine.
    test.setTimeout(180_000);
    const me = await newActivatedUser(baseURL!, 'Hnin Wai');
    await login(page, me.email, me.password);
    await page.evaluate(() => localStorage.setItem('inkwell.locale', 'my'));

    // 1 Plan: the whole path is shown before its first step.
    await page.goto('/profile/plan');
    await expectSteps(page, 'plan', []);
    await snap(page, 'path-1-plan-my');
    await page
      .getByRole('article', { name: 'ဖန်တီးသူ' })
      .getByRole('button', { name: t('plans.start_trial') })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('plans.start_trial') })
      .click();

    // The thank-you page says what comes next and offers it: the organization, as there is none yet.
    await expect(page.getByRole('heading', { name: t('plans.thanks_title') })).toBeVisible();
    await expect(page.getByText(t('plans.thanks_next'))).toBeVisible();
    await expect(page.getByRole('heading', { name: t('creators.path.next_organization_title') })).toBeVisible();
    await expectSteps(page, 'organization', ['plan']);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'path-2-thanks-my');
    await page.getByRole('link', { name: t('creators.path.next_organization_action') }).click();

    // 2 Organization.
    await expect(page).toHaveURL(/\/create\/organization$/);
    await expectSteps(page, 'organization', ['plan']);
    const id = unique();
    await page.getByRole('textbox', { name: t('fields.name'), exact: true }).fill('Hnin Wai Studio');
    await page.getByRole('textbox', { name: t('fields.username') }).fill(`hninwai_${id}`);
    await page.getByRole('textbox', { name: t('creators.description') }).fill('Short films from Mandalay.');
    await snap(page, 'path-3-organization-my');
    await page.getByRole('button', { name: t('creators.create'), exact: true }).click();

    // 3 Account: straight on from the organization, which stays chosen.
    await expect(page.getByText(t('creators.organization_created'))).toBeVisible();
    await expect(page).toHaveURL(/\/create\/account\?organization=\d+$/);
    await expectSteps(page, 'account', ['plan', 'organization']);
    const username = `hninwai_daily_${id}`;
    await page.getByRole('textbox', { name: t('fields.name'), exact: true }).fill('Hnin Wai Daily');
    await page.getByRole('textbox', { name: t('fields.username') }).fill(username);
    await page.getByRole('textbox', { name: t('creators.description') }).fill('A photo a day from Mandalay.');
    await page.getByLabel(t('creators.accept_terms')).check();
    await snap(page, 'path-4-account-my');
    await page.getByRole('button', { name: t('actions.continue') }).click();
    await expectSteps(page, 'account', ['plan', 'organization']);
    await expect(page.getByText(`/o/hninwai_${id}`)).toBeVisible();
    await snap(page, 'path-5-review-my');
    await page.getByRole('button', { name: t('creators.create_account') }).click();

    // 4 First post: My accounts leads with it, for the account just made.
    await expect(page).toHaveURL(/\/profile\/accounts$/);
    await expect(page.getByRole('heading', { name: t('creators.path.next_post_title') })).toBeVisible();
    await expectSteps(page, 'post', ['plan', 'organization', 'account']);
    await expect(page.getByRole('list', { name: t('titles.my_accounts') }).getByText('Hnin Wai Daily')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, 'path-6-my-accounts-my');

    // The account's own page offers it too while it is empty.
    await page.goto(`/a/${username}`);
    const offer = page.getByRole('main').getByRole('link', { name: t('creators.path.next_post_action') });
    await expect(offer).toBeVisible();
    await snap(page, 'path-7-account-page-empty-my');
    await page.goto('/profile/accounts');

    await page.getByRole('link', { name: t('creators.path.next_post_action') }).click();
    await expect(page).toHaveURL(/\/compose\?account=\d+$/);
    await expectSteps(page, 'post', ['plan', 'organization', 'account']);
    await expect(page.getByRole('combobox', { name: t('posts.post_as') }).locator('option:checked')).toHaveText(
      `Hnin Wai Daily · /a/${username}`,
    );
    await page.getByRole('textbox', { name: t('posts.fields.status') }).fill('မင်္ဂလာပါ၊ ပထမဆုံး ပို့စ်ပါ။');
    await snap(page, 'path-8-compose-my');
    await page.getByRole('button', { name: t('posts.publish') }).click();
    await expect(page.getByText(t('posts.published'))).toBeVisible();

    // The post is on the account's page, and the path is over: no steps, no offer.
    await page.goto(`/a/${username}`);
    await expect(page.getByText('မင်္ဂလာပါ၊ ပထမဆုံး ပို့စ်ပါ။').first()).toBeVisible();
    await snap(page, 'path-9-account-page-my');
    await page.goto('/profile/accounts');
    await expect(page.getByRole('list', { name: t('titles.my_accounts') }).getByText('Hnin Wai Daily')).toBeVisible();
    await expect(page.getByRole('heading', { name: t('creators.path.next_post_title') })).toHaveCount(0);
    await expect(page.getByRole('list', { name: t('creators.path.label') })).toHaveCount(0);
  });
});

test('at 1280 px in English, a creator with an organization skips that step', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const en = translator('en');
  const me = await newActivatedUser(baseURL!, 'Ko Aung');
  await login(page, me.email, me.password);
  await page.goto('/profile/plan');
  await expectSteps(page, 'plan', [], en('creators.path.label'));
  await page.getByRole('article', { name: 'Creator' }).getByRole('button', { name: 'Start free trial' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('heading', { name: 'Next: your organization' })).toBeVisible();
  await page.getByRole('link', { name: 'Create your organization' }).click();
  const id = unique();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ko Aung Press');
  await page.getByRole('textbox', { name: 'Username' }).fill(`koaung_${id}`);
  await page.getByRole('textbox', { name: 'Description' }).fill('Essays from Yangon.');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/create\/account\?organization=\d+$/);

  // Leaving here and coming back by the plan's thank-you page: the organization is ticked, the account is next.
  await page.goto('/profile/plan/purchased');
  await expect(page.getByRole('heading', { name: 'Next: your creator account' })).toBeVisible();
  await expectSteps(page, 'account', ['plan', 'organization'], en('creators.path.label'));
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'path-thanks-with-organization-en');
  await page.getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(/\/create\/account\?organization=\d+$/);
  await expectSteps(page, 'account', ['plan', 'organization'], en('creators.path.label'));
  await snap(page, 'path-account-en');
});
