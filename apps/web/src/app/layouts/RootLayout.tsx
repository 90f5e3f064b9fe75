import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useRealtimeConnection } from '../../api/realtime';
import { RouteGuard } from '../RouteGuard';
import { useSessionRefresh } from '../useSessionRefresh';
import { NavigationProgress } from './NavigationProgress';

export function RootLayout() {
  useSessionRefresh();
  useRealtimeConnection();
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
