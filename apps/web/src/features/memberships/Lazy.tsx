import type { Account } from '@inkwell/contracts';
import { Button } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useFirstScreenDone } from '../../lib/afterFirstScreen';
import { signInThenReturn } from '../../session/returnTo';
import { useSession } from '../../session/session';
import type { MembershipPartProps } from './membershipParts';

/**
 * The door the account page carries, so it is a few lines (the page's budget is spent): the tiers, the dialogs
 * and their messages download once the first screen is done, or at once when a link asks for them.
 */
const Part = lazy(async () => {
  const loaded = await import('./membershipParts');
  // Its messages before its first drawing, so it draws at once.
  await loaded.loadMembershipMessages();
  return { default: loaded.MembershipPart };
});

const Door = (props: MembershipPartProps) => (
  <Suspense>
    <Part {...props} />
  </Suspense>
);

/** The addresses that open a dialog of the section: a join or a tip after signing in, a wallet's return. */
const ASKED = ['join', 'support', 'payment'];

/** The account's tiers (nothing when it has none), drawn after the account itself. */
export function Memberships({ account, own }: { account: Account; own: boolean }) {
  const [params] = useSearchParams();
  const later = useFirstScreenDone();
  return later || ASKED.some((key) => params.has(key)) ? <Door part="section" account={account} own={own} /> : null;
}

/** Support: a one-off tip with a message; a guest signs in first and comes back to the dialog. */
export function SupportButton({ account }: { account: Account }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconHeart size={18} />}
        onClick={() => (session ? setOpen(true) : signInThenReturn(navigate, `/a/${account.username}?support`))}
      >
        {t('accounts.support')}
      </Button>
      {open && <Door part="tip" account={account} onClose={() => setOpen(false)} />}
    </>
  );
}
