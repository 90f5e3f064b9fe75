import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from './Logo';

/** The wordmark at the top left of every frame, a 44 px link to where that frame starts. */
export function LogoLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor
      component={Link}
      to={to}
      underline="never"
      display="flex"
      mih={44}
      style={{ alignItems: 'center' }}
      aria-label={label}
    >
      <Logo size={30} />
    </Anchor>
  );
}
