import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { onOverlaysWanted, overlaysWanted, watchOverlayRequests } from './overlays';
import { queryClient } from './queryClient';
import { cssVariablesResolver, theme } from './theme';

const Overlays = lazy(async () => ({ default: (await import('./Overlays')).Overlays }));

// The toasts and dialogs load with the first one asked for (overlays.ts); prerendering has no window.
if (typeof window !== 'undefined') watchOverlayRequests();

/** Mantine's built-in English labels, said in the reader's language (screen readers read them aloud). */
function useLocalizedTheme() {
  const { t, i18n } = useTranslation();
  return useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          PasswordInput: {
            defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('fields.toggle_password') } },
          },
          // Every dialog's × (Mantine leaves it nameless).
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('actions.close_dialog') } } },
          // And every toast's (the notifications system draws them with Notification).
          Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('actions.close') } } },
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels change with the language only
    [i18n.language],
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const overlays = useSyncExternalStore(onOverlaysWanted, overlaysWanted, () => false);
  const localized = useLocalizedTheme();
  return (
    <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        {overlays && (
          <Suspense fallback={null}>
            <Overlays />
          </Suspense>
        )}
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
