import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/a11y';
import { api, login, newActivatedUser, newCreator, snap } from '../support/app';

/**
 * A creator blocks a reader who was writing to their account: the reader's next message is refused with a clear
 * message (never saying who blocked whom); the creator's chat list drops the room and Settings lists the block,
 * where unblocking undoes it.
 */
test('a creator blocks a reader who was chatting with them; the reader’s next message is refused', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const creator = await newCreator(baseURL!, 'Khin Creator');
  const reader = await newActivatedUser(baseURL!, 'Pushy Reader');
  const readerToken = (await api<{ token: string }>(baseURL!, 'POST', '/login', { ...reader, device_name: 'e2e' }))
    .token;
  const room = await api<{ roomId: number }>(
    baseURL!,
    'POST',
    '/chats',
    { isAccount: true, accountId: creator.account.id },
    readerToken,
  );
  await api(baseURL!, 'POST', `/chats/${room.roomId}/messages`, { message: 'Answer me now!' }, readerToken);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await login(page, creator.email, creator.password);
  await page.goto(`/chats/${room.roomId}`);
  await expect(page.getByTestId('chat-message').last()).toContainText('Answer me now!');
  await page.getByRole('button', { name: `Block ${reader.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Block ${reader.name}?` });
  await expect(dialog).toContainText("They won't be told.");
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'block-dialog');
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText(`You blocked ${reader.name}.`)).toBeVisible();

  // The reader, in their own browser, tries again.
  const readerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const readerPage = await readerContext.newPage();
  await login(readerPage, reader.email, reader.password);
  await readerPage.goto(`/chats/${room.roomId}`);
  const composer = readerPage.getByRole('textbox', { name: 'Message' });
  await composer.fill('Why no answer?');
  await composer.press('Enter');
  await expect(readerPage.getByText("You can't send messages in this chat.")).toBeVisible();
  await expect(readerPage.getByTestId('chat-message').filter({ hasText: 'Why no answer?' })).toHaveCount(0);
  await snap(readerPage, 'block-refused-message');

  // The creator's chat list no longer shows the room; Settings lists the block, and unblocking undoes it.
  await page.goto('/chats');
  await expect(page.getByRole('link', { name: new RegExp(reader.name) })).toHaveCount(0);
  await page.goto('/profile/blocks');
  const row = page.getByRole('listitem').filter({ hasText: reader.name });
  await expect(row).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'blocked-people');
  await row.getByRole('button', { name: `Unblock ${reader.name}` }).click();
  await expect(page.getByRole('listitem').filter({ hasText: reader.name })).toHaveCount(0);
  await composer.fill('Sorry, one more question.');
  await composer.press('Enter');
  await expect(readerPage.getByTestId('chat-message').last()).toContainText('Sorry, one more question.');
  await context.close();
  await readerContext.close();
});
