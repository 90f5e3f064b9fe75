import { expect, test } from '@playwright/test';
import { login, newActivatedUser, newCreator, snap } from '../support/app';

/**
 * On a phone (a touch screen, no keyboard), a phone's keyboard has no Shift+Enter: Enter makes a new line, the
 * send button sends, and the hint under the comments does not speak of keys. With a keyboard, Enter sends.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('on a phone, Enter makes a new line in a comment, the button sends it, and no hint speaks of Shift', async ({
  page,
  baseURL,
}) => {
  const creator = await newCreator(baseURL!, 'Delta Poet');
  const reader = await newActivatedUser(baseURL!, 'Phone Commenter');
  await login(page, reader.email, reader.password);
  await page.goto(`/posts/${encodeURIComponent(creator.post.slug)}`);

  const box = page.getByRole('textbox', { name: 'Write a comment…' });
  await box.fill('First line');
  await box.press('Enter');
  await box.pressSequentially('second line');
  await expect(box).toHaveValue('First line\nsecond line');

  const hint = page.getByText('Replies go three levels deep.', { exact: true });
  await expect(hint).toBeVisible();
  await expect(page.getByText(/Shift\+Enter/)).toHaveCount(0);
  // Plain words, not drawn like a link.
  expect(await hint.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');
  await snap(page, 'comments-phone');

  await page.getByRole('button', { name: 'Send' }).tap();
  const comment = page.getByRole('listitem', { name: /Phone Commenter/ });
  await expect(comment).toContainText('First line');
  await expect(comment).toContainText('second line');
  await expect(box).toHaveValue('');
});

test.describe('with a keyboard', () => {
  test.use({ hasTouch: false, isMobile: false, viewport: { width: 1280, height: 800 } });

  test('Enter sends a comment and the hint tells of Shift+Enter', async ({ page, baseURL }) => {
    const creator = await newCreator(baseURL!, 'Delta Poet');
    const reader = await newActivatedUser(baseURL!, 'Desk Commenter');
    await login(page, reader.email, reader.password);
    await page.goto(`/posts/${encodeURIComponent(creator.post.slug)}`);
    await expect(
      page.getByText('Press Enter to send, Shift+Enter for a new line. Replies go three levels deep.'),
    ).toBeVisible();
    // The page arrives drawn by the server: a key pressed before the app has taken it over does nothing yet (a
    // tap on Send is held and made once it has).
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    const box = page.getByRole('textbox', { name: 'Write a comment…' });
    await box.fill('Sent with Enter');
    await box.press('Enter');
    await expect(page.getByRole('listitem', { name: /Desk Commenter/ })).toContainText('Sent with Enter');
  });
});
