import { createTheme } from '@mantine/core';

const fontFamily = '"Inter Variable", Inter, "Noto Sans Myanmar", "Noto Sans Thai", system-ui, sans-serif';

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
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});
