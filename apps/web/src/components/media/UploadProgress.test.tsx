import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { Providers } from '../../app/Providers';
import type { Transfer } from '../../api/upload';
import { byteRate, byteSize, timeLeft } from './transferText';
import { loadUploadMessages } from './uploadMessages';
import { UploadProgress } from './UploadProgress';
import type { SendingState } from './uploadState';

const moving: Transfer = {
  sent: 3_240_000,
  total: 48_000_000,
  bytesPerSecond: 420_000,
  secondsLeft: 107,
  resumable: true,
};

const show = (
  state: SendingState,
  buttons: { onPause?: () => void; onResume?: () => void; onCancel?: () => void } = {},
) =>
  render(
    <Providers>
      <UploadProgress state={state} {...buttons} />
    </Providers>,
  );

beforeAll(() => loadUploadMessages('en'));
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('UploadProgress', () => {
  it('says how much has gone, how fast and how long is left, and speaks in tens politely', () => {
    const onPause = vi.fn();
    const onCancel = vi.fn();
    show({ phase: 'uploading', progress: 7, transfer: moving }, { onPause, onCancel });
    expect(screen.getByText('3.2 MB of 48 MB').parentElement).toHaveTextContent(
      /^3\.2 MB of 48 MB · 420 kB\/s · about 2 minutes left$/,
    );
    const spoken = screen.getByRole('status');
    expect(spoken).toHaveAttribute('aria-live', 'polite');
    expect(spoken).toHaveTextContent('Uploading… 0%');

    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(onPause).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    // A fingertip's target.
    for (const button of screen.getAllByRole('button')) expect(button.getAttribute('style')).toMatch(/min-height/);
  });

  it('in Burmese: Myanmar digits, Burmese words, the parts kept whole on their lines', async () => {
    await loadUploadMessages('my');
    await i18n.changeLanguage('my');
    show({ phase: 'uploading', progress: 7, transfer: moving }, { onPause: () => undefined });
    expect(screen.getByText('တင်နေသည်… ၇%')).toBeInTheDocument();
    const line = screen.getByText('၄၈ MB အနက် ၃.၂ MB').parentElement!;
    expect(line).toHaveTextContent(/^၄၈ MB အနက် ၃\.၂ MB · ၄၂၀ kB\/s · ၂ မိနစ်ခန့် ကျန်သည်$/);
    for (const part of line.querySelectorAll('span')) expect(part).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByRole('button', { name: 'ခဏရပ်မည်' })).toBeInTheDocument();
  });

  it('paused: where it stopped, no speed, Resume instead of Pause', () => {
    const onResume = vi.fn();
    show(
      { phase: 'paused', progress: 42, transfer: { ...moving, bytesPerSecond: null, secondsLeft: null } },
      { onPause: vi.fn(), onResume },
    );
    expect(screen.getAllByText('Paused at 42%')).toHaveLength(2);
    expect(screen.getByText('3.2 MB of 48 MB')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(onResume).toHaveBeenCalled();
  });

  it('offline: waiting for the connection; an earlier try picked up says from where', () => {
    show({ phase: 'offline', progress: 42, transfer: moving });
    expect(screen.getByRole('status')).toHaveTextContent(/^Waiting for the connection/);
    expect(screen.queryByText(/kB\/s/)).not.toBeInTheDocument();
  });

  it('an upload picked up where an earlier try stopped says so', () => {
    show({ phase: 'uploading', progress: 70, transfer: moving, resumedFrom: 63 });
    expect(screen.getByText('Resuming from 63%')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Uploading… 70% Resuming from 63%');
  });

  it('a one-request upload (a small file) has no Pause: there is nothing to pick up', () => {
    show({ phase: 'uploading', progress: 50, transfer: { ...moving, resumable: false } }, { onPause: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  });
});

describe('transfer text', () => {
  const t = i18n.getFixedT('en');
  it.each([
    [3, 'a few seconds left'],
    [42, 'about 40 seconds left'],
    [60, 'about 1 minute left'],
    [107, 'about 2 minutes left'],
    [3599, 'about 1 hour left'],
    [2.4 * 3600, 'about 2 hours left'],
  ])('%s s → %s', (seconds, text) => {
    expect(timeLeft(t, 'en', seconds)).toBe(text);
  });

  it('in Thai and Burmese', async () => {
    await Promise.all([loadUploadMessages('th'), loadUploadMessages('my')]);
    expect(timeLeft(i18n.getFixedT('th'), 'th', 107)).toBe('เหลืออีกประมาณ 2 นาที');
    expect(timeLeft(i18n.getFixedT('my'), 'my', 3 * 3600)).toBe('၃ နာရီခန့် ကျန်သည်');
  });

  it('sizes and speeds in the unit that suits them', () => {
    expect(byteSize('en', 512_000)).toBe('512 kB');
    expect(byteSize('en', 1_250_000_000)).toBe('1.3 GB');
    expect(byteRate('en', 1_500_000)).toBe('1.5 MB/s');
    expect(byteRate('th', 420_000)).toBe('420 kB/วิ');
  });
});
