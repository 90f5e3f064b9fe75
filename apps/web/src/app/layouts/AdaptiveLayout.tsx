import { Box, Button, Container, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LogoLink } from '../../components/LogoLink';
import { useSession } from '../../session/session';
import { UserShell } from '../shell/UserShell';

/**
 * Only the guests' frame has it: a signed-in reader's first visit of an account or a post (the shell has its
 * own way to the language) does not download it.
 */
const LanguageMenu = lazy(async () => ({ default: (await import('../../components/LanguageMenu')).LanguageMenu }));

/** Pages open to everyone: inside the app shell when signed in, in a light frame otherwise. */
export function AdaptiveLayout() {
  const session = useSession();
  const { t } = useTranslation();
  const location = useLocation();
  if (session) {
    return (
      <UserShell>
        <Outlet />
      </UserShell>
    );
  }
  return (
    <Box mih="100vh">
      <Group justify="space-between" px="md" py="sm" component="header">
        <LogoLink to="/" label="Inkwell" />
        <Group gap="xs">
          <Suspense>
            <LanguageMenu />
          </Suspense>
          {/* Signing in from a shared post or account comes back to it. */}
          <Button
            component={Link}
            to="/login"
            state={{ from: location.pathname + location.search }}
            size="sm"
            variant="light"
          >
            {t('actions.login')}
          </Button>
        </Group>
      </Group>
      <Container size="sm" px="md" py="md" component="main">
        <Outlet />
      </Container>
    </Box>
  );
}
