import type { Device } from '@inkwell/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { changeLocale } from '../../i18n';
import { DevicesPage } from './DevicesPage';

const device = (over: Partial<Device>): Device => ({
  id: 1,
  device_name: 'Inkwell Web',
  updated_at: new Date().toISOString(),
  current: true,
  idle_expires_at: '2026-12-21T10:00:00Z',
  expires_at: '2027-11-21T10:00:00Z',
  ...over,
});

function renderDevices(devices: Device[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith('/api/user/devices')
        ? new Response(JSON.stringify({ data: devices }), { status: 200 })
        : new Response('{}', { status: 404 }),
    ),
  );
  render(
    <Providers>
      <MemoryRouter>
        <DevicesPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => queryClient.clear());
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

describe('devices screen', () => {
  it('tells when each device signs out: left unused, or at its absolute expiry if that comes first', async () => {
    renderDevices([
      device({ id: 1, device_name: 'Laptop' }),
      device({
        id: 2,
        device_name: 'Old tablet',
        current: false,
        idle_expires_at: '2027-01-30T10:00:00Z',
        expires_at: '2027-01-10T10:00:00Z',
      }),
    ]);
    expect(await screen.findByText('Signs out after December 21, 2026 if unused')).toBeInTheDocument();
    expect(screen.getByText('Expires January 10, 2027')).toBeInTheDocument();
  });

  it('speaks Burmese, dates included', async () => {
    await changeLocale('my');
    renderDevices([device({})]);
    expect(await screen.findByText('၂၁ ဒီဇင်ဘာ ၂၀၂၆ အထိ အသုံးမပြုပါက ထွက်ပေးပါမည်')).toBeInTheDocument();
  });

  it('speaks Thai', async () => {
    await changeLocale('th');
    renderDevices([device({ idle_expires_at: '2028-01-30T10:00:00Z' })]);
    expect(await screen.findByText(/^หมดอายุวันที่ 21 พฤศจิกายน 2570$/)).toBeInTheDocument();
  });
});
