import { Menu, Modal, Button, Notification } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { changeLocale } from '../i18n';
import { BackBar } from '../components/BackBar';
import { LogoLink } from '../components/LogoLink';
import { PostBody } from '../features/posts/PostBody';
import { post as postFixture } from '../test/fixtures';
import { renderInApp } from '../test/renderInApp';

describe('accessible names and headings from the shared pieces', () => {
  it("names every dialog's close button, in the reader's language", async () => {
    renderInApp(
      <Modal opened onClose={() => undefined} title="Comments">
        body
      </Modal>,
    );
    expect(await screen.findByRole('button', { name: 'Close dialog' })).toBeInTheDocument();
    await changeLocale('th');
    expect(await screen.findByRole('button', { name: 'ปิดหน้าต่างนี้' })).toBeInTheDocument();
    await changeLocale('en');
  });

  it("names a toast's close button too, in the reader's language", async () => {
    renderInApp(<Notification title="Connected">X is connected</Notification>);
    expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
    await changeLocale('my');
    expect(await screen.findByRole('button', { name: 'ပိတ်မည်' })).toBeInTheDocument();
    await changeLocale('en');
  });

  it("gives a screen's back bar title the level-one heading unless the page has its own", () => {
    const { unmount } = renderInApp(<BackBar title="Devices" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Devices' })).toBeInTheDocument();
    unmount();
    renderInApp(<BackBar title="Post" level={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Post' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('names the wordmark link starting with the word it shows (label in name), as well as where it goes', () => {
    renderInApp(<LogoLink to="/home" label="Home" />);
    expect(screen.getByRole('link', { name: 'Inkwell: Home' })).toHaveAttribute('href', '/home');
  });

  it("gives a post's title the level under the page's h1 in a list, and the h1 on its own page", () => {
    const article = postFixture(7, { type: 'post', title: 'Tea shops of Yangon', content: '<p>Morning</p>' });
    const { unmount } = renderInApp(<PostBody post={article} full={false} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Tea shops of Yangon' })).toBeInTheDocument();
    unmount();
    renderInApp(<PostBody post={article} full />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tea shops of Yangon' })).toBeInTheDocument();
  });

  it('opens a menu with only menu items inside it (no focus placeholder)', async () => {
    renderInApp(
      <Menu>
        <Menu.Target>
          <Button>Choose language</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>English</Menu.Item>
          <Menu.Item>ไทย</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Choose language' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu.querySelectorAll('[role="menuitem"]')).toHaveLength(2));
    expect(menu.querySelectorAll(':scope > :not([role="menuitem"])')).toHaveLength(0);
  });
});
