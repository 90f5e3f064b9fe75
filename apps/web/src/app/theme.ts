import { createTheme, type CSSVariablesResolver } from '@mantine/core';

const fontFamily = '"Inter Variable", Inter, "Noto Sans Myanmar", "Noto Sans Thai", system-ui, sans-serif';

/**
 * Contrast in the light scheme (WCAG AA, 4.5:1): Mantine's dimmed and placeholder text (gray 6, 3.3:1 on white)
 * and the text of light variants (shade 6 on a pale tint, under 4.5:1 for yellow, green, gray) take darker ones.
 * The dark scheme takes a lighter dimmed. Both are checked by e2e/journeys/a11y-sweep.spec.ts.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.keys(t.colors).flatMap((color) => [
        [
          `--mantine-color-${color}-light-color`,
          // Shade 9 alone is 3.8:1 on green's tint: a little black takes every colour past 4.5:1.
          `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)`,
        ],
        // Coloured text (`c="red"`) is the filled shade by default: red 7 is 3.9:1 on white.
        [`--mantine-color-${color}-text`, `var(--mantine-color-${color}-9)`],
      ]),
    ),
    '--inkwell-wordmark': 'var(--mantine-color-indigo-8)',
    '--inkwell-nav-active': 'var(--mantine-color-indigo-7)',
  },
  // Dark: the body is dark 7 and cards dark 6; Mantine's dimmed (dark 2) is 4.1:1 there, dark 1 is past 7:1.
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Dark 2 is 4.1:1 on an input (dark 6): a FileInput's placeholder is text that axe measures.
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    '--inkwell-wordmark': 'var(--mantine-color-indigo-2)',
    '--inkwell-nav-active': 'var(--mantine-color-indigo-4)',
  },
});

/** One theme for the user app and the admin area (DECISIONS.md, Look and feel). */
export const theme = createTheme({
  primaryColor: 'indigo',
  // White on indigo 5 (Mantine's dark default) is 3.6:1; on indigo 7 it is past 4.5:1 in both schemes.
  primaryShade: { light: 7, dark: 7 },
  defaultRadius: 'md',
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  // Burmese stacks glyphs above and below the line: keep lines tall.
  lineHeights: { xs: '1.6', sm: '1.6', md: '1.65', lg: '1.7', xl: '1.7' },
  components: {
    Button: {
      defaultProps: { size: 'md' },
      // A long label (Burmese, an amount) wraps and the button grows, rather than clipping at 390 px; Mantine's
      // nowrap, line height 1 and cap-height trim also cut Burmese stacked glyphs.
      styles: {
        // Never under 44 px, whatever the size: a fingertip's target (WCAG 2.5.5).
        // A flex box centres the label in both directions whatever the element: a `<button>` centres its content
        // by itself, a link button (`component={Link}`, an inline-block `<a>`) would leave it at the top.
        root: {
          height: 'auto',
          minHeight: 'max(44px, var(--button-height))',
          paddingBlock: 4,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
        },
        label: {
          whiteSpace: 'normal',
          // Between words only, and inside one only when it cannot fit a line by itself: 'anywhere' also let a
          // row squeeze a button down to one letter, breaking a Burmese word mid-syllable ("အသ / စ်").
          overflowWrap: 'break-word',
          wordBreak: 'keep-all',
          textAlign: 'center',
          lineHeight: 1.4,
          overflow: 'visible',
          textBoxTrim: 'none',
        },
      },
    },
    // A link in a sentence is told from the text by more than its colour (in the dark scheme indigo and grey are
    // close: axe link-in-text-block); links that stand alone say otherwise where they are drawn.
    Anchor: { defaultProps: { underline: 'always' } },
    // Targets of at least 44×44 px (WCAG 2.5.5) for every control a finger taps; the look stays compact where an
    // icon is small (it sits centred in its 44 px box).
    ActionIcon: { styles: { root: { minWidth: 44, minHeight: 44 } } },
    CloseButton: { styles: { root: { minWidth: 44, minHeight: 44 } } },
    // A toast's words under its title are Mantine's gray-6 on white (3.3:1, axe: color-contrast); in the text's
    // own colour they read in both schemes, and the bold title still leads.
    Notification: { styles: { description: { color: 'var(--mantine-color-text)' } } },
    // A growing tab keeps its icon beside its label (Mantine stretches the label, pushing the icon to the edge).
    Tabs: { styles: { tab: { minHeight: 44, justifyContent: 'center' }, tabLabel: { flex: '0 1 auto' } } },
    // Without the focus placeholder (a focusable non-item inside role="menu", axe: aria-required-children), an
    // opened menu focuses its first item, as the WAI-ARIA menu pattern has it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false }, styles: { item: { minHeight: 44 } } },
    NavLink: { styles: { root: { minHeight: 44 } } },
    // A spinner is a status: its name ("Loading") is read out, and a name on a span without a role is not allowed
    // (axe: aria-prohibited-attr, serious; seen on a screen caught while it loads).
    Loader: { defaultProps: { role: 'status' } },
    // The whole bar takes a tap or a drag, not only the thumb.
    Slider: { styles: { root: { minHeight: 44 } } },
    // A checkbox's label toggles it: 44 px tall, the box centred beside it.
    Checkbox: {
      styles: { body: { alignItems: 'center' }, label: { minHeight: 44, display: 'flex', alignItems: 'center' } },
    },
    // A switch's body is the label that toggles it: 44 px tall, the track centred in it.
    Switch: { styles: { body: { minHeight: 44, alignItems: 'center' } } },
    // A tab stop so keyboard users can scroll a wide table sideways (axe: scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: {
      defaultProps: { size: 'md' },
      // The field inside the drawn box covers its border too: the whole 44 px box takes the tap.
      styles: { innerInput: { inset: -1, height: 'calc(100% + 2px)' } },
    },
    // Descriptions and errors under inputs default to a line height of 1.2, which clips Burmese stacked glyphs.
    Input: { styles: { input: { minHeight: 44 }, description: { lineHeight: 1.6 }, error: { lineHeight: 1.6 } } },
    InputWrapper: {
      styles: { description: { lineHeight: 1.6 }, error: { lineHeight: 1.6 }, label: { lineHeight: 1.6 } },
    },
  },
});
