import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApprovalEditForm, ApprovalEditScreen } from '../components/ApprovalEditForm';
import { usePermission } from '../usePermission';
import { checkOrganizationUsername, useOrganizationForEdit, useUpdateOrganization } from './api';

/** Edit an organization: its fields, approval and publication, profile image; shows its creator (spec §2). */
export function OrganizationEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const organization = useOrganizationForEdit(id);
  const mayOpenUsers = usePermission('users.view');

  return (
    <ApprovalEditScreen area="organizations" id={id} record={organization}>
      {(loaded) => (
        <ApprovalEditForm
          key={loaded.id}
          area="organizations"
          kind="organization"
          check={checkOrganizationUsername}
          record={loaded}
          useUpdate={useUpdateOrganization}
          maw={720}
          header={
            <Group gap="xs" wrap="wrap">
              <Text c="dimmed">{t('admin.organizations.created_by')}</Text>
              {mayOpenUsers ? (
                <Anchor component={Link} to={`/admin/users/${loaded.user.id}/edit`} fw={600}>
                  {loaded.creator_name}
                </Anchor>
              ) : (
                <Text fw={600}>{loaded.creator_name}</Text>
              )}
              <Text c="dimmed">@{loaded.user.username}</Text>
            </Group>
          }
        />
      )}
    </ApprovalEditScreen>
  );
}
