import type { Account } from '@inkwell/contracts';
import { ActionIcon } from '@mantine/core';
import { IconBell, IconBellRingingFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { alert } from '../../lib/alerts';
import { useBell } from './api';

/** The bell beside Follow (off by default): rung, each new post of the account notifies me. */
export function BellButton({ account, accountKey }: { account: Account; accountKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const bell = useBell(accountKey);
  if (!account.is_followed) return null;
  const label = account.bell
    ? t('accounts.bell_on', { name: account.name })
    : t('accounts.bell_off', { name: account.name });
  // The browser's own tooltip (and the button's description for screen readers): a positioned Mantine tooltip
  // brought ~18 KB of JavaScript to every account page for a hover a phone never does.
  return (
    <ActionIcon
      title={label}
      size={44}
      variant={account.bell ? 'filled' : 'default'}
      aria-pressed={account.bell}
      aria-label={t('accounts.bell_label')}
      loading={bell.isPending}
      onClick={() =>
        bell.mutate({ id: account.id, on: !account.bell }, { onError: (e) => alert('danger', errorMessage(e)) })
      }
    >
      {account.bell ? <IconBellRingingFilled size={20} /> : <IconBell size={20} />}
    </ActionIcon>
  );
}
