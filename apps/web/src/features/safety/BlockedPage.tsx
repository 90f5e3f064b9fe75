import { Button } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { alert } from '../../lib/alerts';
import { useBlocks, useSetBlocked } from './api';
import { useSafetyMessages } from './messages';
import { SafetyList, SafetyRow, sinceLabel } from './SafetyList';

function BlockedList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const blocks = useBlocks(page);
  const unblock = useSetBlocked();
  return (
    <SafetyList
      label={t('profile.menu.blocks')}
      intro={t('safety.blocks_intro')}
      query={blocks}
      page={page}
      onPage={setPage}
      empty={
        <EmptyState
          icon={<IconBan size={32} />}
          title={t('safety.blocks_empty_title')}
          body={t('safety.blocks_empty_body')}
        />
      }
      row={(person) => (
        <SafetyRow
          key={person.id}
          who={person}
          to={`/u/${person.id}`}
          handle={`@${person.username}`}
          since={t('safety.blocked_at', { time: sinceLabel(person.blocked_at) })}
          action={
            <Button
              variant="default"
              aria-label={t('safety.unblock_name', { name: person.name })}
              loading={unblock.isPending && unblock.variables.target.id === person.id}
              onClick={() =>
                unblock.mutate(
                  { target: { kind: 'user', id: person.id, name: person.name }, on: false },
                  {
                    onSuccess: () => alert('success', t('safety.unblocked_toast', { name: person.name })),
                    onError: (error) => alert('danger', errorMessage(error)),
                  },
                )
              }
            >
              {t('safety.unblock')}
            </Button>
          }
        />
      )}
    />
  );
}

/** Profile → Blocked people: whom I blocked, since when, and Unblock (no question asked). */
export function BlockedPage() {
  const { t } = useTranslation();
  return (
    <>
      <BackBar title={t('profile.menu.blocks')} to="/profile" />
      {useSafetyMessages() ? <BlockedList /> : <PageLoader />}
    </>
  );
}
