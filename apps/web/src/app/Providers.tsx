import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { queryClient } from './queryClient';
import { cssVariablesResolver, theme } from './theme';

const Overlays = lazy(async () => ({ default: (await import('./Overlays')).Overlays }));

/** True once the first screen has painted and the browser is idle: what is not needed to paint it comes then. */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const done = () => setReady(true);
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(done, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(done, 200);
    return () => clearTimeout(id);
  }, []);
  return ready;
}

export function Providers({ children }: { children: ReactNode }) {
  const overlays = useAfterFirstPaint();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
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
