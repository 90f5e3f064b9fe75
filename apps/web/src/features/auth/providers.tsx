import type { SocialProvider } from '@inkwell/contracts';
import { IconBrandFacebook, IconBrandGithub, IconBrandGoogle, IconBrandX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Brand names stay as the brands write them, in every language. */
export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  facebook: 'Facebook',
  x: 'X',
};

export function ProviderIcon({ provider, size = 20 }: { provider: SocialProvider; size?: number }): ReactNode {
  const props = { size, 'aria-hidden': true, stroke: 1.75 };
  switch (provider) {
    case 'google':
      return <IconBrandGoogle {...props} />;
    case 'github':
      return <IconBrandGithub {...props} />;
    case 'facebook':
      return <IconBrandFacebook {...props} />;
    case 'x':
      return <IconBrandX {...props} />;
  }
}

export const providerLabel = (provider: string): string =>
  provider in PROVIDER_LABELS ? PROVIDER_LABELS[provider as SocialProvider] : provider;
