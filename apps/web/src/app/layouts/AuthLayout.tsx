import { Box, Container, Group, Paper } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageMenu } from '../../components/LanguageMenu';
import { LogoLink } from '../../components/LogoLink';

/** Welcome, sign-in and account-recovery screens: a centred card under a slim top bar. */
export function AuthLayout() {
  return (
    <Box
      mih="100vh"
      bg="var(--mantine-color-body)"
      style={{ backgroundImage: 'linear-gradient(180deg, var(--mantine-color-indigo-light) 0%, transparent 320px)' }}
    >
      <Group justify="space-between" px="md" py="sm" component="header">
        <LogoLink to="/" label="Inkwell" />
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
