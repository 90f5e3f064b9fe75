import { PERMISSION_NAME_MAX_LENGTH, type PermissionItem } from '@inkwell/contracts';
import { Badge, Button, Group, Loader, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconKey, IconPencil, IconSearch, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../api/client';
import { confirmDelete } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { numberFormat } from '../../lib/numbers';
import { AddByNameForm } from '../components/AddByNameForm';
import { ErrorAlert } from '../components/ErrorAlert';
import { ServerPagination } from '../components/ServerPagination';
import { useCreatePermission, useDeletePermission, usePermissionsPage, useRenamePermission } from './api';

/** A permission's name turned into an input: Enter or Save keeps it, Escape or Cancel leaves it as it was. */
function RenameField({ permission, onDone }: { permission: PermissionItem; onDone: () => void }) {
  const { t } = useTranslation();
  const rename = useRenamePermission();
  const [name, setName] = useState(permission.name);
  const nameError = fieldErrors(rename.error).name;

  const submit = () =>
    rename.mutate(
      { id: permission.id, name },
      {
        onSuccess: () => {
          alert('success', t('admin.permissions.renamed'));
          onDone();
        },
      },
    );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <div>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          aria-label={t('admin.permissions.new_name_label', { name: permission.name })}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          maxLength={PERMISSION_NAME_MAX_LENGTH}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          data-autofocus
          autoFocus
          error={nameError}
          style={{ flex: '1 1 12rem', minWidth: 0 }}
        />
        <Button onClick={submit} loading={rename.isPending} h={44} leftSection={<IconCheck size={16} />}>
          {t('admin.permissions.save')}
        </Button>
        <Button variant="default" onClick={onDone} h={44} leftSection={<IconX size={16} />}>
          {t('admin.permissions.cancel')}
        </Button>
      </Group>
      {rename.error && !nameError ? <ErrorAlert error={rename.error} /> : null}
    </div>
  );
}

/** List, create, rename inline and delete permissions (spec §2, admin.dashboard.permissions). */
export function PermissionsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const list = usePermissionsPage(page, search);
  const remove = useDeletePermission();

  const runSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  };

  const askDelete = (permission: PermissionItem) =>
    confirmDelete({
      title: t('admin.permissions.confirm_title'),
      text: t('admin.permissions.confirm_text', { name: permission.name }),
      onConfirm: () =>
        remove.mutate(permission.id, {
          onSuccess: () => alert('success', t('admin.permissions.deleted', { name: permission.name })),
        }),
    });

  const rows = list.data?.data ?? [];

  return (
    <>
      <AddByNameForm area="permissions" useCreate={useCreatePermission} maxLength={PERMISSION_NAME_MAX_LENGTH} code />
      <form onSubmit={runSearch} role="search">
        <TextInput
          type="search"
          label={t('admin.permissions.search_label')}
          placeholder={t('admin.common.search_placeholder')}
          leftSection={<IconSearch size={16} />}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          maxLength={PERMISSION_NAME_MAX_LENGTH}
          mb="md"
          maw={420}
        />
      </form>
      <Text c="dimmed" size="sm" mb="sm">
        {t('admin.permissions.built_in_hint')}
      </Text>
      <ErrorAlert error={list.error ?? remove.error} />
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Group>
      ) : rows.length === 0 && list.data ? (
        search ? (
          <EmptyState
            icon={<IconSearch size={32} />}
            title={t('admin.permissions.empty_search_title')}
            body={t('admin.common.empty_search')}
          />
        ) : (
          <EmptyState
            icon={<IconKey size={32} />}
            title={t('admin.permissions.empty_title')}
            body={t('admin.permissions.empty_body')}
          />
        )
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('admin.titles.permissions')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.permissions.name')}</Table.Th>
                <Table.Th ta="end">{t('admin.permissions.roles')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('admin.common.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((permission) => (
                <PermissionRow
                  key={permission.id}
                  permission={permission}
                  editing={editing === permission.id}
                  onEdit={() => setEditing(permission.id)}
                  onDone={() => setEditing(null)}
                  onDelete={() => askDelete(permission)}
                  deleting={remove.isPending && remove.variables === permission.id}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ServerPagination meta={list.data?.meta} onPage={setPage} />
    </>
  );
}

/** A permission: its name (or the rename field while renamed), how many roles hold it, Edit and Delete. */
function PermissionRow({
  permission,
  editing,
  onEdit,
  onDone,
  onDelete,
  deleting,
}: {
  permission: PermissionItem;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const { t } = useTranslation();
  const format = numberFormat(currentLocale());
  return (
    <Table.Tr>
      <Table.Td colSpan={editing ? 3 : 1}>
        {editing ? (
          <RenameField permission={permission} onDone={onDone} />
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Text ff="monospace" fz="sm">
              {permission.name}
            </Text>
            {permission.system ? (
              <Badge variant="light" color="gray" size="sm">
                {t('admin.permissions.built_in')}
              </Badge>
            ) : null}
          </Group>
        )}
      </Table.Td>
      {editing ? null : (
        <>
          <Table.Td ta="end">{format.format(permission.roles_count)}</Table.Td>
          <Table.Td>
            {permission.system ? null : (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Button
                  variant="subtle"
                  h={44}
                  leftSection={<IconPencil size={16} />}
                  aria-label={t('admin.permissions.edit_label', { name: permission.name })}
                  onClick={onEdit}
                >
                  {t('admin.permissions.edit')}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  h={44}
                  leftSection={<IconTrash size={16} />}
                  aria-label={t('admin.permissions.delete_label', { name: permission.name })}
                  loading={deleting}
                  onClick={onDelete}
                >
                  {t('admin.permissions.delete')}
                </Button>
              </Group>
            )}
          </Table.Td>
        </>
      )}
    </Table.Tr>
  );
}
