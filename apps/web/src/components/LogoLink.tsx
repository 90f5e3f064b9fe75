import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from './Logo';

/**
 * The wordmark at the top left of every frame, a 44 px link to where that frame starts. Its name begins with
 * the word it shows, so a voice-control user saying "Inkwell" finds it (WCAG 2.5.3, axe's label-in-name).
 */
export function LogoLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor
      component={Link}
      to={to}
      underline="never"
      display="flex"
      mih={44}
      style={{ alignItems: 'center' }}
      aria-label={label === 'Inkwell' ? label : `Inkwell: ${label}`}
    >
      <Logo size={30} />
    </Anchor>
  );
}
