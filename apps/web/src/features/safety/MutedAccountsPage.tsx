import { Button } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { alert } from '../../lib/alerts';
import { useMutes, useSetMuted } from './api';
import { useSafetyMessages } from './messages';
import { SafetyList, SafetyRow, sinceLabel } from './SafetyList';

function MutedList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const mutes = useMutes(page);
  const unmute = useSetMuted();
  return (
    <SafetyList
      label={t('profile.menu.mutes')}
      intro={t('safety.mutes_intro')}
      query={mutes}
      page={page}
      onPage={setPage}
      empty={
        <EmptyState
          icon={<IconUserOff size={32} />}
          title={t('safety.mutes_empty_title')}
          body={t('safety.mutes_empty_body')}
        />
      }
      row={(account) => (
        <SafetyRow
          key={account.id}
          who={account}
          to={`/a/${account.username}`}
          handle={`/a/${account.username}`}
          since={t('safety.muted_at', { time: sinceLabel(account.muted_at) })}
          action={
            <Button
              variant="default"
              aria-label={t('safety.unmute_name', { name: account.name })}
              loading={unmute.isPending && unmute.variables.id === account.id}
              onClick={() =>
                unmute.mutate(
                  { id: account.id, on: false },
                  {
                    onSuccess: () => alert('success', t('safety.unmuted_toast', { name: account.name })),
                    onError: (error) => alert('danger', errorMessage(error)),
                  },
                )
              }
            >
              {t('safety.unmute')}
            </Button>
          }
        />
      )}
    />
  );
}

/** Profile → Muted accounts: whose posts my feeds leave out, and Unmute. */
export function MutedAccountsPage() {
  const { t } = useTranslation();
  return (
    <>
      <BackBar title={t('profile.menu.mutes')} to="/profile" />
      {useSafetyMessages() ? <MutedList /> : <PageLoader />}
    </>
  );
}
