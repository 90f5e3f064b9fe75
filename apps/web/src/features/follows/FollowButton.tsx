import type { Account } from '@inkwell/contracts';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { alert } from '../../lib/alerts';
import { useSignInFirst } from '../../session/returnTo';
import { useSession } from '../../session/session';
import { useFollow } from './api';

/** Follow or stop following an account; the account's cached copy under `accountKey` takes the answer. */
export function FollowButton({ account, accountKey }: { account: Account; accountKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const follow = useFollow(accountKey);
  const session = useSession();
  const signInFirst = useSignInFirst();
  return (
    <Button
      variant={account.is_followed ? 'default' : 'filled'}
      loading={follow.isPending}
      aria-pressed={account.is_followed}
      onClick={() =>
        // A guest is asked to sign in first and comes back to this account.
        session
          ? follow.mutate(
              { id: account.id, follow: !account.is_followed },
              { onError: (e) => alert('danger', errorMessage(e)) },
            )
          : signInFirst()
      }
    >
      {account.is_followed ? t('accounts.following') : t('accounts.follow')}
    </Button>
  );
}
