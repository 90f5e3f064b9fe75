import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { changeLocale } from '../../i18n';
import { dataSaverChoice, dataSaverOn } from '../../lib/dataSaver';
import { renderInApp } from '../../test/renderInApp';
import { SettingsPage } from './SettingsPage';

/** What the browser says of its link (Network Information API), as Chromium reports it. */
const connection = (value: { saveData?: boolean; effectiveType?: string }) =>
  Object.defineProperty(navigator, 'connection', { configurable: true, value });

afterEach(async () => {
  delete (navigator as { connection?: unknown }).connection;
  if (i18n.language !== 'en') await act(() => changeLocale('en'));
});

const dataSaverSwitch = () => screen.getByRole('switch', { name: 'Data saver' });
const HINT = 'On because your connection is slow or set to save data.';

describe('data saver setting', () => {
  it('is off on a fast connection, and the choice is kept on this device', () => {
    connection({ effectiveType: '4g' });
    const { unmount } = renderInApp(<SettingsPage />);
    expect(dataSaverSwitch()).not.toBeChecked();
    expect(screen.queryByText(HINT)).toBeNull();

    fireEvent.click(dataSaverSwitch());
    expect(dataSaverSwitch()).toBeChecked();
    expect(dataSaverChoice()).toBe(true);
    expect(dataSaverOn()).toBe(true);

    unmount();
    renderInApp(<SettingsPage />);
    expect(dataSaverSwitch()).toBeChecked();
    // Chosen by the reader: no word about the connection.
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it.each([{ saveData: true }, { effectiveType: '3g' }, { effectiveType: 'slow-2g' }])(
    'is on by default when the browser says %j, and says why',
    async (link) => {
      connection(link);
      renderInApp(<SettingsPage />);
      expect(dataSaverSwitch()).toBeChecked();
      // The setting's words come with their own file (features/settings/dataSaverMessages.ts).
      expect(await screen.findByText(HINT)).toBeInTheDocument();

      fireEvent.click(dataSaverSwitch());
      expect(dataSaverSwitch()).not.toBeChecked();
      expect(dataSaverChoice()).toBe(false);
      expect(screen.queryByText(HINT)).toBeNull();
    },
  );

  it('tells roughly what it saves, worked out from the media rates', async () => {
    renderInApp(<SettingsPage />);
    await screen.findByText(/Videos start at 144p/);
    expect(dataSaverSwitch()).toHaveAccessibleDescription(
      /Saves about 90% of video data: about 16 MB instead of 160 MB for 10 minutes of video, and 2\.4 MB instead of 7\.2 MB of audio\./,
    );
    expect(screen.getByText(/Videos start at 144p and never play by themselves/)).toBeInTheDocument();
  });

  it('writes the numbers in Burmese digits in Burmese', async () => {
    await act(() => changeLocale('my'));
    renderInApp(<SettingsPage />);
    const saving = await screen.findByText(/ဗီဒီယို ဒေတာ/);
    expect(saving).toHaveTextContent('၁၀ မိနစ်စာ');
    expect(saving.textContent).toMatch(/၁၆/);
    expect(saving.textContent).not.toMatch(/[0-9]/);
  });
});
