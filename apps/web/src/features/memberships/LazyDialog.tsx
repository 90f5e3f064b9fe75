import { lazy, Suspense } from 'react';
import type { MembershipDialogProps } from './dialogs';

/**
 * The account page's dialogs (join, renew, tip, a payment's outcome) and what they pay with (the wallets, the
 * plans' query) load when one is first asked for, not with the tier cards every reader of the account sees.
 */
const Dialog = lazy(async () => ({ default: (await import('./dialogs')).MembershipDialog }));

export function LazyDialog(props: MembershipDialogProps) {
  return (
    <Suspense>
      <Dialog {...props} />
    </Suspense>
  );
}
