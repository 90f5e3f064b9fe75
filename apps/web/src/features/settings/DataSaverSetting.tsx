import { Switch, Text } from '@mantine/core';
import { IconFeather } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { dataSaverChoice, networkSuggestsSaving, setDataSaver, useDataSaver } from '../../lib/dataSaver';
import { numberFormat, wholeNumber } from '../../lib/numbers';
import { EXAMPLE_MINUTES, SAVER_VIDEO_HEIGHT, dataSaverSavings } from './dataSaverSavings';
import { useDataSaverMessages } from './dataSaverMessages';

/** Burmese and Thai run words together: lines break between words (spaces), as discovery's KEEP_WORDS. */
const KEEP_WORDS = { wordBreak: 'keep-all', overflowWrap: 'break-word' } as const;

const block = { display: 'block', ...KEEP_WORDS } as const;

/**
 * The data saver switch of this device (lib/dataSaver.ts), with what it changes and roughly what it saves. The
 * whole row is the switch's label, so a finger anywhere on it toggles it.
 */
export function DataSaverSetting() {
  const { t } = useTranslation();
  const on = useDataSaver();
  // The switch works at once; the words under it follow with their own file.
  const described = useDataSaverMessages();
  const locale = currentLocale();
  const savings = dataSaverSavings();
  const mb = numberFormat(locale, { style: 'unit', unit: 'megabyte', maximumSignificantDigits: 2 });
  const label = t('data_saver.label');
  // Only while the reader has not chosen: once they have, the switch says all there is.
  const suggested = on && dataSaverChoice() === null && networkSuggestsSaving();
  return (
    <Switch
      size="md"
      labelPosition="left"
      checked={on}
      onChange={(e) => setDataSaver(e.currentTarget.checked)}
      // Named by its label alone; the longer words below describe it (aria-describedby).
      aria-label={label}
      label={
        <span style={{ display: 'flex', gap: 'var(--mantine-spacing-sm)', alignItems: 'center' }}>
          <IconFeather size={22} aria-hidden style={{ flex: 'none' }} />
          <Text component="span" fw={500} style={KEEP_WORDS}>
            {label}
          </Text>
        </span>
      }
      description={
        described && (
          <>
            <span style={block}>{t('data_saver.description', { quality: `${SAVER_VIDEO_HEIGHT}p` })}</span>
            <span style={{ ...block, marginTop: 4 }}>
              {t('data_saver.saving', {
                count: EXAMPLE_MINUTES,
                minutes: wholeNumber(locale, EXAMPLE_MINUTES),
                percent: numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
                  savings.videoShare,
                ),
                videoSmall: mb.format(savings.videoSmall),
                videoFull: mb.format(savings.videoFull),
                audioSmall: mb.format(savings.audioSmall),
                audioFull: mb.format(savings.audioFull),
              })}
            </span>
            {suggested && <span style={{ ...block, marginTop: 4 }}>{t('data_saver.network_default')}</span>}
          </>
        )
      }
      px="sm"
      py="md"
      styles={{
        body: { justifyContent: 'space-between', alignItems: 'flex-start', minHeight: 44 },
        labelWrapper: { flex: 1, minWidth: 0 },
        // Mantine's 1.2 (a description's) and 1.5 would cut Burmese glyphs stacked above and below the line.
        label: { lineHeight: 1.6 },
        // Under the words, in line with the label beside the icon (22 px and its gap).
        description: { paddingInlineStart: 'calc(22px + var(--mantine-spacing-sm))', lineHeight: 1.6 },
        track: { flex: 'none', marginTop: 2 },
      }}
    />
  );
}
