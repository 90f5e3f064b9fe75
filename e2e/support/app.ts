import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

export const DEMO_PASSWORD = 'inkwell-demo-2026';
export const demo = {
  aye: 'ayechan@demo.inkwell.local',
  somchai: 'somchai@demo.inkwell.local',
  maya: 'maya@demo.inkwell.local',
};

const shots = path.join(import.meta.dirname, '..', 'artifacts', 'screenshots');

/** Saves a full-page screenshot as a test artifact (look at them: e2e/artifacts/screenshots). */
export async function snap(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
}

export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  // Readers land on /home, administrators on the admin dashboard.
  await expect(page).toHaveURL(/\/(home|admin)$/);
}

export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A new, activated person made through the API (registration and its mail), ready to sign in. */
export async function newActivatedUser(baseURL: string, name = 'New Reader') {
  const id = unique();
  const username = `p_${id}`;
  const email = `person.${id}@example.test`;
  const password = 'journey-passphrase-1';
  const post = (path: string, body: unknown) =>
    fetch(`${baseURL}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/register', { name, username, email, password, password_confirmation: password });
  for (let i = 0; i < 40; i++) {
    const box = (await (await fetch(`${baseURL}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
      data: { text: string }[];
    };
    const token = box.data[0]?.text.match(/activate\?token=([\w-]+)/)?.[1];
    if (token) {
      await post('/email/verify', { token });
      return { email, password, name, username };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no activation mail for ${email}`);
}

/** Calls the API as a test fixture would (outside the browser), with a token when given. */
export async function api<T = Record<string, any>>(
  baseURL: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/**
 * A new creator made through the API: activated, on a trial of the Creator plan, with an organization, an
 * approved account (the embedded default approves at once) and one status post.
 */
export async function newCreator(baseURL: string, name = 'New Creator') {
  const person = await newActivatedUser(baseURL, name);
  const { token } = await api<{ token: string }>(baseURL, 'POST', '/login', {
    email: person.email,
    password: person.password,
    device_name: 'e2e',
  });
  const plans = await api<{ data: { id: number; slug: string }[] }>(baseURL, 'GET', '/plans');
  const creatorPlan = plans.data.find((p) => p.slug === 'creator')!;
  await api(
    baseURL,
    'POST',
    '/subscribe',
    {
      plan_id: creatorPlan.id,
      trial: true,
      billing_cycle: 'monthly',
      payment_provider: 'free_trial',
    },
    token,
  );
  const id = unique();
  const org = await api<{ data: { id: number } }>(
    baseURL,
    'POST',
    '/organizations',
    { name: `${name} Studio`, username: `org_${id}`, description: 'An organization for the journey' },
    token,
  );
  const account = await api<{ data: { id: number; username: string; name: string } }>(
    baseURL,
    'POST',
    '/accounts',
    {
      name: `${name} Notes`,
      username: `acct_${id}`,
      description: 'A creator account for the journey',
      organization_id: org.data.id,
      terms: true,
    },
    token,
  );
  const post = await api<{ data: { id: number; slug: string } }>(
    baseURL,
    'POST',
    '/posts',
    { account_id: account.data.id, type: 'status', content: `Hello from ${name}` },
    token,
  );
  return { ...person, token, account: account.data, post: post.data };
}

/** An image uploaded through the API as the composer does it; answers its URL. */
export async function uploadImage(baseURL: string, token: string, type: string, file: string): Promise<string> {
  const form = new FormData();
  form.append('type', type);
  form.append('url', new Blob([fs.readFileSync(file)]), path.basename(file));
  const res = await fetch(`${baseURL}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

/**
 * Until the page's live connection has joined its channels: the app opens it once the first screen is done
 * (or the reader acts), so a journey in which someone else acts while this page waits must wait for it first.
 */
export async function waitForLive(page: Page): Promise<void> {
  await expect(page.locator('html[data-realtime="joined"]')).toBeAttached({ timeout: 15_000 });
}
