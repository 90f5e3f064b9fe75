import { Group, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/UserAvatar';
import { ApprovalList } from '../components/ApprovalList';
import { useAccountsPage } from './api';

/** Every creator account, newest first: id, name, username, approved, published (spec §2), with an edit link. */
export function AccountsPage() {
  const { t } = useTranslation();
  return (
    <ApprovalList
      area="accounts"
      icon={<IconUsersGroup size={32} />}
      usePage={useAccountsPage}
      ownColumn={t('admin.common.username')}
      nameCell={(row) => (
        <Group gap="sm" wrap="nowrap">
          <UserAvatar name={row.name} url={row.profile_url} size={32} />
          <Text fw={600}>{row.name}</Text>
        </Group>
      )}
      ownCell={(row) => <Text c="dimmed">{row.username}</Text>}
    />
  );
}
