import type { Account } from '@inkwell/contracts';
import { Modal, NavLink, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCash, IconChartLine, IconEdit, IconShare, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { alert } from '../../lib/alerts';
import { useDeleteAccount } from './api';

/** The public address of an account, as people share it. */
export const accountUrl = (username: string) => `${window.location.origin}/a/${username}`;

async function share(account: Account, t: (key: string) => string) {
  const url = accountUrl(account.username);
  try {
    if (navigator.share) {
      await navigator.share({ title: account.name, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    alert('success', t('creators.link_copied'));
  } catch (err) {
    // A closed share sheet is not an error worth showing (spec §8: share failures are logged).
    if (!(err instanceof DOMException && err.name === 'AbortError')) alert('info', url);
  }
}

/** The action dialog a tap on one of my accounts opens: analytics, share, edit, delete (spec §2); its earnings and tiers too. */
export function AccountActions({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteAccount();

  const confirmDelete = (a: Account) =>
    modals.openConfirmModal({
      title: t('creators.delete_title'),
      children: <Text>{t('creators.delete_text', { name: a.name })}</Text>,
      labels: { confirm: t('actions.delete'), cancel: t('actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(a.id, {
          onSuccess: () => alert('success', t('creators.account_deleted')),
          onError: (error) => alert('danger', errorMessage(error)),
        }),
    });

  return (
    <Modal opened={account !== null} onClose={onClose} title={account?.name} centered>
      {account && (
        <>
          {account.can_view_insights && (
            <NavLink
              component="button"
              label={t('insights.view_analytics')}
              leftSection={<IconChartLine size={20} />}
              onClick={() => void navigate(`/profile/accounts/${account.username}/insights`)}
              py="md"
            />
          )}
          {account.can_view_insights && (
            <NavLink
              component="button"
              label={t('creators.earnings')}
              leftSection={<IconCash size={20} />}
              onClick={() => void navigate(`/accounts/${account.id}/earnings`)}
              py="md"
            />
          )}
          <NavLink
            component="button"
            label={t('creators.share_url')}
            leftSection={<IconShare size={20} />}
            onClick={() => {
              onClose();
              void share(account, t);
            }}
            py="md"
          />
          {account.can_modify && (
            <NavLink
              component="button"
              label={t('creators.edit_account')}
              leftSection={<IconEdit size={20} />}
              onClick={() => void navigate(`/profile/accounts/${account.username}/edit`)}
              py="md"
            />
          )}
          {account.can_modify && (
            <NavLink
              component="button"
              label={t('creators.tiers')}
              leftSection={<IconUsersGroup size={20} />}
              onClick={() => void navigate(`/accounts/${account.id}/tiers`)}
              py="md"
            />
          )}
          {account.can_delete && (
            <>
              <NavLink
                component="button"
                c="red"
                label={t('creators.delete_account')}
                leftSection={<IconTrash size={20} />}
                onClick={() => {
                  onClose();
                  confirmDelete(account);
                }}
                py="md"
              />
            </>
          )}
        </>
      )}
    </Modal>
  );
}
