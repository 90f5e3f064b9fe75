import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from './queryClient';
import { cssVariablesResolver, theme } from './theme';

const Overlays = lazy(async () => ({ default: (await import('./Overlays')).Overlays }));

/** True once the first screen has painted and the browser is idle: what is not needed to paint it comes then. */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // As a transition, rendered in slices: an update from outside React's events is otherwise drawn in one task.
    const done = () => startTransition(() => setReady(true));
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(done, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(done, 200);
    return () => clearTimeout(id);
  }, []);
  return ready;
}

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
  const overlays = useAfterFirstPaint();
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
