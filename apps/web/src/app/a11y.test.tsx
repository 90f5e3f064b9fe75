import { Menu, Modal, Button, Notification } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { changeLocale } from '../i18n';
import { BackBar } from '../components/BackBar';
import { Providers } from './Providers';

const inApp = (ui: React.ReactNode) =>
  render(
    <Providers>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );

describe('accessible names and headings from the shared pieces', () => {
  it("names every dialog's close button, in the reader's language", async () => {
    inApp(
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
    inApp(<Notification title="Connected">X is connected</Notification>);
    expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
    await changeLocale('my');
    expect(await screen.findByRole('button', { name: 'ပိတ်မည်' })).toBeInTheDocument();
    await changeLocale('en');
  });

  it("gives a screen's back bar title the level-one heading unless the page has its own", () => {
    const { unmount } = inApp(<BackBar title="Devices" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Devices' })).toBeInTheDocument();
    unmount();
    inApp(<BackBar title="Post" level={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Post' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('opens a menu with only menu items inside it (no focus placeholder)', async () => {
    inApp(
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
