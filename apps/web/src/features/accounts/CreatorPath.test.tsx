import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { post, sessionUser } from '../../test/fixtures';
import { CreatorNextStep, CreatorPathSteps } from './CreatorPath';

/** What the server answers for my organizations, accounts and posts (the lists the steps are read from). */
let server: { organizations: unknown[]; accounts: unknown[]; posts: unknown[] };

beforeEach(() => {
  queryClient.clear();
  server = { organizations: [], accounts: [], posts: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (body: unknown) => new Response(JSON.stringify(body));
      if (url.startsWith('/api/user/organizations')) return json({ data: server.organizations });
      if (url.startsWith('/api/user/accounts')) return json({ data: server.accounts });
      if (url.startsWith('/api/user/posts')) return json({ data: server.posts, meta: { next_cursor: null } });
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  signOut();
  vi.unstubAllGlobals();
});

const show = (ui: React.ReactNode) =>
  render(
    <Providers>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );

const stepItems = async () => within(await screen.findByRole('list', { name: 'Steps to your first post' }));
/** A step's item (its label is drawn word by word, so it is found by its step, not its text). */
const item = (step: string) => document.querySelector(`ol li[data-step="${step}"]`);
const ticked = (list: ReturnType<typeof within>) =>
  list
    .getAllByRole('listitem')
    .filter((li: HTMLElement) => li.hasAttribute('data-done'))
    .map((li: HTMLElement) => li.dataset.step);

describe('the steps on the way to a first post', () => {
  it('after the plan, sends someone with no organization to create one', async () => {
    signIn('token', sessionUser({ create_account: false }));
    show(<CreatorNextStep justDone="plan" />);
    expect(await screen.findByRole('heading', { name: 'Next: your organization' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your organization' })).toHaveAttribute(
      'href',
      '/create/organization',
    );
    const list = await stepItems();
    expect(ticked(list)).toEqual(['plan']);
    expect(item('organization')).toHaveAttribute('aria-current', 'step');
    expect(item('organization')).toHaveTextContent('Organization');
  });

  it('skips the organization someone already has, ticking it and choosing it for the account', async () => {
    signIn('token', sessionUser({ create_account: true }));
    server.organizations = [{ id: 7, name: 'Studio', username: 'studio' }];
    show(<CreatorNextStep />);
    expect(await screen.findByRole('heading', { name: 'Next: your creator account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your account' })).toHaveAttribute(
      'href',
      '/create/account?organization=7',
    );
    expect(ticked(await stepItems())).toEqual(['plan', 'organization']);
  });

  it('offers the first post as the new account once it exists', async () => {
    signIn('token', sessionUser({ create_account: true, has_account: true }));
    server.organizations = [{ id: 7 }];
    server.accounts = [{ id: 21, approved_status: 'approved' }];
    show(<CreatorNextStep />);
    expect(await screen.findByRole('link', { name: 'Write your first post' })).toHaveAttribute(
      'href',
      '/compose?account=21',
    );
    const list = await stepItems();
    expect(ticked(list)).toEqual(['plan', 'organization', 'account']);
    expect(item('post')).toHaveTextContent('First post(current step)');
  });

  it('says the account awaits approval instead of offering a post it could not publish', async () => {
    signIn('token', sessionUser({ create_account: true, has_account: true }));
    server.organizations = [{ id: 7 }];
    server.accounts = [{ id: 21, approved_status: 'pending' }];
    show(<CreatorNextStep />);
    expect(await screen.findByText(/waiting for approval/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Write your first post' })).not.toBeInTheDocument();
  });

  it('is gone once the creator has posted', async () => {
    signIn('token', sessionUser({ create_account: true, has_account: true }));
    server.organizations = [{ id: 7 }];
    server.accounts = [{ id: 21, approved_status: 'approved' }];
    server.posts = [post(1)];
    show(
      <>
        <CreatorNextStep />
        <CreatorPathSteps current="post" />
        <p>loaded</p>
      </>,
    );
    await screen.findByText('loaded');
    // Wait for the three lists, then nothing of the path is left.
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('list', { name: 'Steps to your first post' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Next:/ })).not.toBeInTheDocument();
  });
});
