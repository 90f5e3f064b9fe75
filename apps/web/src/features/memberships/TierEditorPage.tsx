import { TIERS_MAX, type Tier } from '@inkwell/contracts';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { confirmDelete } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { NotFound, isNotFound } from '../../components/NotFound';
import { PageLoader } from '../../components/PageLoader';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { wholeNumber } from '../../lib/numbers';
import { useMyAccounts } from '../accounts/api';
import { useDeleteTier, useSaveTier, useTiers } from './api';
import { useMembershipMessages } from './messages';
import { TierCard } from './TierCard';
import { TierForm } from './TierForm';
import { hiddenBody } from './tierValues';

/** Delete a tier after asking; one that readers joined cannot go, and is offered to be hidden instead. */
function useTierRemoval(accountId: number) {
  const { t } = useTranslation();
  const remove = useDeleteTier(accountId);
  const hide = useSaveTier(accountId);

  const offerHide = (tier: Tier, reason: string) =>
    confirmDelete({
      title: t('memberships.hide_title', { name: tier.name }),
      text: `${reason} ${t('memberships.hide_text')}`,
      confirmLabel: t('memberships.hide'),
      confirmColor: 'indigo',
      onConfirm: () =>
        hide.mutate(
          { id: tier.id, body: hiddenBody(tier) },
          {
            onSuccess: () => alert('success', t('memberships.hidden_toast', { name: tier.name })),
            onError: (error) => alert('danger', errorMessage(error)),
          },
        ),
    });

  const askDelete = (tier: Tier) =>
    confirmDelete({
      title: t('memberships.delete_title', { name: tier.name }),
      text: t('memberships.delete_text'),
      onConfirm: () =>
        remove.mutate(tier.id, {
          onSuccess: (answer) => alert('success', answer.message),
          onError: (error) => {
            const joined = error instanceof ApiError && error.code === 'memberships.tier_has_members';
            if (joined && !tier.hidden) offerHide(tier, error.message);
            else alert(joined ? 'warning' : 'danger', errorMessage(error));
          },
        }),
    });

  const busy = (tier: Tier) =>
    (remove.isPending && remove.variables === tier.id) || (hide.isPending && hide.variables.id === tier.id);
  return { askDelete, busy };
}

function TierEditor({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const fullId = useId();
  const tiers = useTiers(accountId);
  const account = useMyAccounts().data?.data.find((a) => a.id === accountId);
  const { askDelete, busy } = useTierRemoval(accountId);
  const [editing, setEditing] = useState<Tier | 'new' | null>(null);

  if (tiers.isPending) return <PageLoader />;
  if (tiers.isError) {
    if (isNotFound(tiers.error)) return <NotFound headingOrder={2} />;
    return <Alert color="red">{errorMessage(tiers.error)}</Alert>;
  }
  const list = tiers.data.data;
  // Anyone may read an account's offered tiers; changing them is for its people (and administrators).
  if ((list[0] && !list[0].can_modify) || (account && !account.can_modify)) {
    return (
      <EmptyState
        icon={<IconUsersGroup size={32} />}
        title={t('memberships.not_yours_title')}
        body={t('memberships.not_yours_body')}
      />
    );
  }
  const full = list.length >= TIERS_MAX;
  const max = wholeNumber(locale, TIERS_MAX);
  const next = Math.min(100, Math.max(-1, ...list.map((tier) => tier.position)) + 1);

  return (
    <Stack gap="md">
      {account && <Text fw={700}>{account.name}</Text>}
      <Text c="dimmed">{t('memberships.editor_intro')}</Text>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t('memberships.tiers_count', { count: list.length, n: wholeNumber(locale, list.length), max })}
        </Text>
        <Button
          leftSection={<IconPlus size={18} />}
          disabled={full}
          aria-describedby={full ? fullId : undefined}
          onClick={() => setEditing('new')}
        >
          {t('memberships.add_tier')}
        </Button>
      </Group>
      {full && (
        <Text size="sm" id={fullId}>
          {t('memberships.tiers_full', { max })}
        </Text>
      )}
      {list.length === 0 && (
        <EmptyState
          icon={<IconUsersGroup size={32} />}
          title={t('memberships.no_tiers_title')}
          body={t('memberships.no_tiers_body')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {list.map((tier) => (
          <TierCard
            key={tier.id}
            tier={tier}
            footer={
              <>
                {tier.members_count !== null && (
                  <Text size="sm" c="dimmed">
                    {t('memberships.members', {
                      count: tier.members_count,
                      n: wholeNumber(locale, tier.members_count, { grouped: true }),
                    })}
                  </Text>
                )}
                <Group gap="xs" grow>
                  <Button
                    variant="default"
                    leftSection={<IconEdit size={18} />}
                    aria-label={t('memberships.edit_name', { name: tier.name })}
                    onClick={() => setEditing(tier)}
                  >
                    {t('memberships.edit')}
                  </Button>
                  <Button
                    variant="default"
                    color="red"
                    leftSection={<IconTrash size={18} />}
                    aria-label={t('memberships.delete_name', { name: tier.name })}
                    loading={busy(tier)}
                    onClick={() => askDelete(tier)}
                  >
                    {t('actions.delete')}
                  </Button>
                </Group>
              </>
            }
          />
        ))}
      </SimpleGrid>
      {editing && (
        <TierForm
          accountId={accountId}
          tier={editing === 'new' ? null : editing}
          position={next}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

/** `/accounts/:id/tiers`: an account's membership tiers for its people: add (up to five), change, hide, delete. */
export function TierEditorPage() {
  const { t } = useTranslation();
  const accountId = Number(useParams().id);
  const ready = useMembershipMessages();
  return (
    <>
      <BackBar title={t('creators.tiers')} />
      {ready ? <TierEditor accountId={accountId} /> : <PageLoader />}
    </>
  );
}
