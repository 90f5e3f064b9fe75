import { Text } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApprovalList } from '../components/ApprovalList';
import { useOrganizationsPage } from './api';

/** Every organization, newest first: id, name, creator name, approved, published (spec §2), with an edit link. */
export function OrganizationsPage() {
  const { t } = useTranslation();
  return (
    <ApprovalList
      area="organizations"
      icon={<IconBuildingCommunity size={32} />}
      usePage={useOrganizationsPage}
      ownColumn={t('admin.organizations.creator')}
      nameCell={(row) => (
        <>
          <Text fw={600}>{row.name}</Text>
          <Text size="sm" c="dimmed">
            /o/{row.username}
          </Text>
        </>
      )}
      ownCell={(row) => row.creator_name}
    />
  );
}
