import { Anchor, Box, Container, Group, Paper } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { LanguageMenu } from '../../components/LanguageMenu';
import { Logo } from '../../components/Logo';

/** Welcome, sign-in and account-recovery screens: a centred card under a slim top bar. */
export function AuthLayout() {
  return (
    <Box
      mih="100vh"
      bg="var(--mantine-color-body)"
      style={{ backgroundImage: 'linear-gradient(180deg, var(--mantine-color-indigo-light) 0%, transparent 320px)' }}
    >
      <Group justify="space-between" px="md" py="sm" component="header">
        <Anchor
          component={Link}
          to="/"
          underline="never"
          display="flex"
          mih={44}
          style={{ alignItems: 'center' }}
          aria-label="Inkwell"
        >
          <Logo size={30} />
        </Anchor>
        <LanguageMenu />
      </Group>
      <Container size={460} px="md" pb="xl" component="main">
        <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" shadow="sm" withBorder>
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
}
