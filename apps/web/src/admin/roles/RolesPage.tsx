import { ROLE_NAME_MAX_LENGTH } from '@inkwell/contracts';
import { Alert, Anchor, Badge, Group, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconKey, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';
import { AddByNameForm } from '../components/AddByNameForm';
import { ErrorAlert } from '../components/ErrorAlert';
import { useCreateRole, useRoles } from './api';

/** The roles screen: every role, people and permission counts, a link to each role's permissions, and the add form. */
export function RolesPage() {
  const { t } = useTranslation();
  const roles = useRoles();
  const format = numberFormat(currentLocale());

  return (
    <>
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} mb="md" role="note">
        {t('admin.roles.disabled_warning')}
      </Alert>
      <AddByNameForm area="roles" useCreate={useCreateRole} maxLength={ROLE_NAME_MAX_LENGTH} />
      <ErrorAlert error={roles.error} />
      {roles.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Group>
      ) : roles.data && roles.data.data.length === 0 ? (
        <EmptyState
          icon={<IconShieldLock size={32} />}
          title={t('admin.roles.empty_title')}
          body={t('admin.roles.empty_body')}
        />
      ) : roles.data ? (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('admin.titles.roles')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.roles.name')}</Table.Th>
                <Table.Th ta="end">{t('admin.roles.people')}</Table.Th>
                <Table.Th ta="end">{t('admin.roles.permissions_count')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('admin.common.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {roles.data.data.map((role) => (
                <Table.Tr key={role.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text fw={600}>{role.name}</Text>
                      {role.system ? (
                        <Badge variant="light" color="gray" size="sm">
                          {t('admin.roles.built_in')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="end">{format.format(role.users_count)}</Table.Td>
                  <Table.Td ta="end">{format.format(role.permissions_count)}</Table.Td>
                  <Table.Td ta="end">
                    <Anchor
                      component={Link}
                      to={`/admin/roles/${role.id}/permissions`}
                      aria-label={t('admin.roles.permissions_link_label', { name: role.name })}
                      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 44 }}
                    >
                      <IconKey size={16} aria-hidden />
                      {t('admin.roles.permissions_link')}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </>
  );
}
