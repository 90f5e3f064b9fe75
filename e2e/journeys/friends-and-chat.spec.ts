import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from '../support/a11y';
import { login, newActivatedUser, snap, waitForLive } from '../support/app';
import { image } from '../support/media';

/** A person signed in in a browser context of their own (their own storage: two people, two browsers). */
async function personIn(browser: Browser, baseURL: string, name: string, viewport = { width: 1280, height: 800 }) {
  const who = await newActivatedUser(baseURL, name);
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, who.email, who.password);
  return { ...who, page, context };
}

const chatsEntry = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Chats/ });

/** Finds a person by name through the header search and opens their profile. */
async function openProfile(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search' }).first().fill(name);
  await page.getByRole('searchbox', { name: 'Search' }).first().press('Enter');
  await page
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('two people become friends and chat live; a group of three opens with “hi”; the badge rises and clears', async ({
  browser,
  baseURL,
}) => {
  // Three people in three browsers, each signing in: about 40–60 s on a busy two-core machine.
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const a = await personIn(browser, baseURL!, `Aung ${stamp}`);
  const b = await personIn(browser, baseURL!, `Busaba ${stamp}`);
  const c = await personIn(browser, baseURL!, `Chit ${stamp}`);

  // A asks B to be friends; B sees the request and accepts.
  await openProfile(a.page, b.name);
  await expect(a.page).toHaveTitle(new RegExp(b.name));
  await a.page.getByRole('button', { name: 'Add friend' }).click();
  await expect(a.page.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await snap(a.page, 'person-pending');
  expect(await seriousViolations(a.page)).toEqual([]);

  await b.page.goto('/chats');
  const request = b.page.getByRole('region', { name: 'Friend requests' });
  await expect(request.getByText(a.name)).toBeVisible();
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(
    b.page.getByRole('region', { name: 'Friends' }).getByRole('button', { name: `Message ${a.name}` }),
  ).toBeVisible();
  await a.page.reload();
  await expect(a.page.getByRole('button', { name: 'Remove friend' })).toBeVisible();

  // A opens the chat from B's profile; B, elsewhere in the app, sees the Chats badge rise live.
  await b.page.goto('/home');
  await expect(chatsEntry(b.page)).toHaveText('Chats');
  await waitForLive(b.page);
  await a.page.getByRole('button', { name: 'Message' }).click();
  await expect(a.page).toHaveURL(/\/chats\/\d+$/);
  const composerA = a.page.getByRole('textbox', { name: 'Message' });
  await expect(a.page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await composerA.fill('Mingalaba! Are you coming to the reading on Saturday?');
  await composerA.press('Enter');
  await expect(a.page.getByTestId('chat-message').last()).toContainText('Are you coming to the reading');
  await expect(composerA).toHaveValue('');
  await expect(chatsEntry(b.page)).toHaveText(/Chats\s*1/);

  // B opens the room from the list: the message is there and the badge clears.
  await chatsEntry(b.page).click();
  const room = b.page.getByRole('link', { name: new RegExp(`${a.name}, 1 unread`) });
  await expect(room).toContainText('Are you coming to the reading');
  await room.click();
  await expect(b.page.getByTestId('chat-message').last()).toContainText('Are you coming to the reading');
  await expect(chatsEntry(b.page)).toHaveText('Chats');

  // Both see each other's messages without reloading; Shift+Enter makes a new line.
  const composerB = b.page.getByRole('textbox', { name: 'Message' });
  await composerB.fill('Yes! I will bring');
  await composerB.press('Shift+Enter');
  await composerB.pressSequentially('two friends.');
  await composerB.press('Enter');
  await expect(a.page.getByTestId('chat-message').last()).toContainText('Yes! I will bring\ntwo friends.');
  await composerA.fill('Wonderful, see you there.');
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(b.page.getByTestId('chat-message').last()).toContainText('Wonderful, see you there.');

  // A picture alone may be sent: it goes through the image upload first.
  const chooser = a.page.waitForEvent('filechooser');
  await a.page.getByRole('button', { name: 'Add a picture' }).click();
  await (await chooser).setFiles(image('chat-picture.png', '800x600'));
  await expect(a.page.getByRole('img', { name: 'Picture to send' })).toBeVisible();
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(b.page.getByTestId('chat-message').last().locator('img')).toHaveAttribute('src', /\/uploads\/.+\.webp$/);
  await snap(b.page, 'chat-room');

  // A group of three: the group button stays off while one person is picked, and the room opens with “hi”.
  await a.page.goto('/find');
  const search = a.page.getByRole('button', { name: 'Search' });
  await expect(search).toBeDisabled();
  await a.page.getByLabel('Name or username').fill(stamp);
  await search.click();
  await a.page.getByRole('checkbox', { name: new RegExp(b.name) }).check();
  await expect(a.page.getByRole('button', { name: 'Group chat' })).toBeDisabled();
  await a.page.getByRole('checkbox', { name: new RegExp(c.name) }).check();
  await snap(a.page, 'find');
  await a.page.getByRole('button', { name: 'Group chat' }).click();
  await expect(a.page).toHaveURL(/\/chats\/\d+$/);
  await expect(a.page.getByTestId('chat-message')).toHaveText([/hi/]);
  await c.page.goto('/chats');
  const group = c.page.getByRole('link', { name: new RegExp(`${a.name}, ${b.name}`) });
  await expect(group).toContainText('hi');
  await snap(c.page, 'chats-list');
  expect(await seriousViolations(c.page)).toEqual([]);

  for (const person of [a, b, c]) await person.context.close();
});

test('the chat screens fit a phone, in Burmese too', async ({ browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  const a = await personIn(browser, baseURL!, `Aye ${stamp}`, { width: 390, height: 844 });
  const b = await newActivatedUser(baseURL!, `Bo ${stamp}`);
  for (const lang of ['en', 'my'] as const) {
    await a.page.evaluate((l) => localStorage.setItem('inkwell.locale', l), lang);
    await a.page.goto('/find');
    await a.page.getByRole('textbox').fill(b.name);
    await a.page.locator('form').getByRole('button').click();
    await a.page.getByRole('checkbox').first().check();
    await snap(a.page, `find-${lang}`);
    expect(await seriousViolations(a.page)).toEqual([]);
    await a.page.getByRole('button', { name: lang === 'en' ? 'Chat' : 'စကားပြောရန်', exact: true }).click();
    await expect(a.page).toHaveURL(/\/chats\/\d+$/);
    if (lang === 'en') {
      // An empty room keeps its composer at the bottom, where it stays once the first message arrives.
      await expect(a.page.getByText('Say hello')).toBeVisible();
      const composer = (await a.page.getByRole('textbox').boundingBox())!;
      const bar = (await a.page.locator('.mantine-AppShell-footer').boundingBox())!;
      expect(bar.y - (composer.y + composer.height)).toBeLessThan(48);
    }
    await a.page.getByRole('textbox').fill(lang === 'en' ? 'Hello from a phone' : 'မင်္ဂလာပါ');
    await a.page.getByRole('textbox').press('Enter');
    await expect(a.page.getByTestId('chat-message').last()).toBeVisible();
    await snap(a.page, `chat-room-${lang}`);
    expect(await seriousViolations(a.page)).toEqual([]);
    await a.page.goto('/chats');
    await expect(a.page.getByRole('link', { name: new RegExp(b.name) })).toBeVisible();
    // The bottom bar carries Chats; nothing runs off the screen.
    await expect(a.page.locator('nav a[href="/chats"]').last()).toBeVisible();
    const overflow = await a.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(a.page, `chats-${lang}`);
    expect(await seriousViolations(a.page)).toEqual([]);
  }
  await a.context.close();
});

test('after a lost connection the room catches up on what it missed and hears new messages again', async ({
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const a = await personIn(browser, baseURL!, `Ari ${stamp}`);
  const who = await newActivatedUser(baseURL!, `Bee ${stamp}`);
  const context = await browser.newContext();
  // Every socket of B's goes through here: while `offline`, open ones are cut and new ones closed at once.
  let offline = false;
  const open: { close: () => Promise<void> }[] = [];
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    if (offline) void server.close();
    else open.push(ws);
  });
  const b = await context.newPage();
  await login(b, who.email, who.password);

  await openProfile(a.page, who.name);
  await a.page.getByRole('button', { name: 'Message' }).click();
  await expect(a.page).toHaveURL(/\/chats\/\d+$/);
  const roomUrl = new URL(a.page.url()).pathname;
  const composerA = a.page.getByRole('textbox', { name: 'Message' });
  await composerA.fill('first');
  await composerA.press('Enter');
  open.splice(0); // the home page's socket closes with it
  await b.goto(roomUrl);
  await expect(b.getByTestId('chat-message')).toHaveText([/first/]);
  // The room's messages come over HTTP; its live socket opens once the app has loaded, which may be later.
  await expect.poll(() => open.length, { timeout: 15_000 }).toBeGreaterThan(0);

  // B's network drops; A writes twice meanwhile.
  offline = true;
  await context.setOffline(true);
  await Promise.all(open.splice(0).map((ws) => ws.close()));
  // Written back to back: the composer empties at once, and the second waits for the first, in order.
  for (const text of ['while you were away', 'and once more']) {
    await composerA.fill(text);
    await composerA.press('Enter');
  }
  await expect(a.page.getByTestId('chat-message')).toHaveText([/first/, /while you were away/, /and once more/]);
  await expect(b.getByTestId('chat-message')).toHaveCount(1);

  // Back online: Socket.IO reconnects on its own, the room fetches what it missed and joins its channel again.
  offline = false;
  await context.setOffline(false);
  await expect(b.getByTestId('chat-message')).toHaveText([/first/, /while you were away/, /and once more/], {
    timeout: 30_000,
  });
  await composerA.fill('live again');
  await composerA.press('Enter');
  await expect(b.getByTestId('chat-message').last()).toContainText('live again');

  await a.context.close();
  await context.close();
});

/** Signs in through the API, for messages a test writes without a browser. */
async function tokenOf(baseURL: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: who.email, password: who.password, device_name: 'e2e' }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** A chat room the writer opens with the person signed in on `page`, and a way to post as the writer. */
async function roomWith(baseURL: string, writer: { email: string; password: string }, page: Page) {
  const token = await tokenOf(baseURL, writer);
  const post = (path: string, body: unknown) =>
    fetch(`${baseURL}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
  const readerId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('inkwell.session')!) as { id: number }).id,
  );
  const { roomId } = (await post('/chats', { userIds: [readerId] })) as { roomId: number };
  return { post, roomId };
}

test('scrolling up loads earlier pages without moving what the reader looks at', async ({ browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  const writer = await newActivatedUser(baseURL!, `Writer ${stamp}`);
  const reader = await personIn(browser, baseURL!, `Reader ${stamp}`, { width: 390, height: 844 });
  const { post, roomId } = await roomWith(baseURL!, writer, reader.page);
  for (let i = 1; i <= 65; i++) await post(`/chats/${roomId}/messages`, { message: `message ${i}` });

  await reader.page.goto(`/chats/${roomId}`);
  const messages = reader.page.getByTestId('chat-message');
  await expect(messages).toHaveCount(30);
  await expect(messages.last()).toContainText('message 65');
  await expect(messages.last()).toBeInViewport();

  // At the top the page before loads; the message that was first stays where it was on the screen.
  const anchor = reader.page.getByText('message 36', { exact: true });
  const before = await anchor.evaluate((el) => {
    window.scrollTo(0, 0);
    return el.getBoundingClientRect().top;
  });
  // One page more at least (a slow machine may already have asked for the next one too).
  await expect.poll(() => messages.count()).toBeGreaterThanOrEqual(60);
  await expect.poll(() => anchor.evaluate((el) => el.getBoundingClientRect().top)).toBeCloseTo(before, -2);
  await reader.page.evaluate(() => window.scrollTo(0, 0));
  await expect(messages).toHaveCount(65);
  await expect(messages.first()).toContainText('message 1');
  await reader.context.close();
});

test('a device signed out from another device stops hearing its chat and is sent to sign in', async ({
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const reader = await personIn(browser, baseURL!, `Thida ${stamp}`);
  const writer = await newActivatedUser(baseURL!, `Kyaw ${stamp}`);
  const { post, roomId } = await roomWith(baseURL!, writer, reader.page);
  await post(`/chats/${roomId}/messages`, { message: 'hello' });
  await reader.page.goto(`/chats/${roomId}`);
  const messages = reader.page.getByTestId('chat-message');
  await expect(messages).toHaveText([/hello/]);
  // Live first: the room's channel is joined once the socket is up, so keep writing until one arrives live.
  await expect
    .poll(
      async () => {
        await post(`/chats/${roomId}/messages`, { message: 'are you there?' });
        return messages.filter({ hasText: 'are you there?' }).count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);

  // The same person, on another computer, signs the first one out.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await login(other, reader.email, reader.password);
  await other.goto('/profile/devices');
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(other.getByText('The device has been signed out.')).toBeVisible();

  // Its socket is closed at once; the page finds its session gone and asks to sign in. Nothing more arrives.
  await expect(reader.page).toHaveURL(/\/login$/);
  await post(`/chats/${roomId}/messages`, { message: 'after the sign-out' });
  await reader.page.waitForTimeout(1000);
  await expect(reader.page.getByText('after the sign-out')).toHaveCount(0);
  expect(await reader.page.evaluate(() => localStorage.getItem('inkwell.session'))).toBeNull();

  await reader.context.close();
  await elsewhere.close();
});
