import { createTheme, type CSSVariablesResolver } from '@mantine/core';

const fontFamily = '"Inter Variable", Inter, "Noto Sans Myanmar", "Noto Sans Thai", system-ui, sans-serif';

/**
 * Contrast in the light scheme (WCAG AA, 4.5:1): Mantine's dimmed and placeholder text (gray 6, 3.3:1 on white)
 * and the text of light variants (shade 6 on a pale tint, under 4.5:1 for yellow, green, gray) take darker ones.
 * The dark scheme keeps Mantine's own.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.keys(t.colors).map((color) => [
        `--mantine-color-${color}-light-color`,
        // Shade 9 alone is 3.8:1 on green's tint: a little black takes every colour past 4.5:1.
        `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)`,
      ]),
    ),
  },
  dark: {},
});

/** One theme for the user app and the admin area (DECISIONS.md, Look and feel). */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  // Burmese stacks glyphs above and below the line: keep lines tall.
  lineHeights: { xs: '1.6', sm: '1.6', md: '1.65', lg: '1.7', xl: '1.7' },
  components: {
    Button: { defaultProps: { size: 'md' } },
    // A tab stop so keyboard users can scroll a wide table sideways (axe: scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // Descriptions and errors under inputs default to a line height of 1.2, which clips Burmese stacked glyphs.
    Input: { styles: { description: { lineHeight: 1.6 }, error: { lineHeight: 1.6 } } },
    InputWrapper: {
      styles: { description: { lineHeight: 1.6 }, error: { lineHeight: 1.6 }, label: { lineHeight: 1.6 } },
    },
  },
});
