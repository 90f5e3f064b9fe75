import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { mayAdminister, useSession } from '../../session/session';
import { usePackList } from './queries';
import { usePackMessages } from './messages';
import { PackCard } from './PackCard';

/** The starter packs I made (`/profile/packs`, from the profile menu), and the way to make another. */
export function MyPacksPage() {
  const { t } = useTranslation();
  const ready = usePackMessages();
  const packs = usePackList(true);
  const session = useSession();
  // Creators make packs (and the team); anyone else would only be refused.
  const mayMake = !!session?.user.has_account || mayAdminister(session, 'discovery.manage');
  if (!ready || packs.isPending) return <PageLoader />;
  const list = packs.data?.pages.flatMap((p) => p.data) ?? [];
  const newButton = mayMake && (
    <Button component={Link} to="/packs/new" leftSection={<IconPlus size={18} />} mih={44}>
      {t('packs.new')}
    </Button>
  );
  return (
    <Stack gap="md">
      <BackBar title={t('profile.menu.packs')} to="/profile" right={list.length > 0 && newButton} />
      {packs.isError && <Text c="red">{errorMessage(packs.error)}</Text>}
      {list.length === 0 && !packs.isError ? (
        <EmptyState
          icon={<IconUsersGroup size={32} />}
          title={t('packs.mine_empty_title')}
          body={t('packs.mine_empty_body')}
          action={newButton || undefined}
        />
      ) : (
        <>
          <Text c="dimmed">{t('packs.mine_intro')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {list.map((pack) => (
              <PackCard key={pack.id} pack={pack} headingOrder={2} />
            ))}
          </SimpleGrid>
        </>
      )}
      {packs.hasNextPage && (
        <Button variant="light" mih={44} onClick={() => void packs.fetchNextPage()} loading={packs.isFetchingNextPage}>
          {t('explore.see_more')}
        </Button>
      )}
    </Stack>
  );
}
