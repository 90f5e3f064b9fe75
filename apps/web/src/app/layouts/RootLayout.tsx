import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { getSession, subscribe as onSessionChange } from '../../session/session';
import { RouteGuard } from '../RouteGuard';
import { useSessionRefresh } from '../useSessionRefresh';
import { NavigationProgress } from './NavigationProgress';

/**
 * The realtime connection while someone is signed in (api/realtime.ts), whose module loads only then: a guest's
 * screens never download it.
 */
function useRealtimeWhenSignedIn(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let done = false;
    const start = () => {
      if (stop || !getSession()) return;
      void import('../../api/realtime').then(({ keepRealtimeConnected }) => {
        if (!done && !stop) stop = keepRealtimeConnected();
      });
    };
    start();
    const off = onSessionChange(start);
    return () => {
      done = true;
      off();
      stop?.();
    };
  }, []);
}

export function RootLayout() {
  useSessionRefresh();
  useRealtimeWhenSignedIn();
  const navigation = useNavigation();
  return (
    <>
      <NavigationProgress active={navigation.state === 'loading'} />
      <Suspense
        fallback={
          <Center h="100vh">
            <Loader />
          </Center>
        }
      >
        <RouteGuard>
          <Outlet />
        </RouteGuard>
      </Suspense>
    </>
  );
}
