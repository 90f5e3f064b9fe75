import type { PermissionItem, RoleLockedReason, RoleWithPermissions } from '@inkwell/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconKey, IconLock } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { numberFormat } from '../../lib/numbers';
import { ErrorAlert } from '../components/ErrorAlert';
import { useAllPermissions } from '../permissions/api';
import { useRolePermissions, useSaveRolePermissions } from './api';

/** Permissions grouped by what they are about (`users.view`, `users.edit` → users), in name order. */
function groupByResource(list: PermissionItem[]): [string, PermissionItem[]][] {
  const groups = new Map<string, PermissionItem[]>();
  for (const permission of list) {
    const resource = permission.name.split('.')[0]!;
    groups.set(resource, [...(groups.get(resource) ?? []), permission]);
  }
  return [...groups.entries()];
}

/** Why a role is read-only, in the reader's words (the server's `locked_reason`). */
const LOCKED_MESSAGES: Record<RoleLockedReason, string> = {
  'roles.root_locked': 'admin.roles.root_locked',
  'roles.system_root_only': 'admin.roles.system_locked',
  'roles.own_role': 'admin.roles.own_locked',
  'roles.outranked': 'admin.roles.outranked_locked',
};

/** The checkboxes, once both the role and the list of permissions are here. */
function PermissionChecklist({ role, all }: { role: RoleWithPermissions; all: PermissionItem[] }) {
  const { t } = useTranslation();
  const save = useSaveRolePermissions(role.id);
  const saved = useMemo(() => new Set(role.permissions.map((p) => p.id)), [role.permissions]);
  const grantable = useMemo(() => new Set(role.grantable), [role.grantable]);
  const [checked, setChecked] = useState<Set<number>>(() => new Set(saved));
  const format = numberFormat(currentLocale());
  const locked = !role.editable;
  // Root holds every permission, including one made since the page loaded; other locked roles show theirs.
  const holdsAll = role.locked_reason === 'roles.root_locked';
  const someNotHeld = !locked && all.some((p) => !grantable.has(p.id));

  const toggle = (id: number, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate([...checked], { onSuccess: () => alert('success', t('admin.roles.saved')) });
  };

  return (
    <form onSubmit={submit}>
      {locked ? (
        <Alert color="blue" icon={<IconLock size={18} />} mb="md" role="note">
          {t(LOCKED_MESSAGES[role.locked_reason ?? 'roles.root_locked'])}
        </Alert>
      ) : null}
      {someNotHeld ? (
        <Alert color="gray" icon={<IconInfoCircle size={18} />} mb="md" role="note">
          {t('admin.roles.not_held_hint')}
        </Alert>
      ) : null}
      <Text c="dimmed" mb="sm" aria-live="polite">
        {t('admin.roles.selected', {
          selected: format.format(holdsAll ? all.length : checked.size),
          total: format.format(all.length),
        })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" mb="lg">
        {groupByResource(all).map(([resource, list]) => (
          <Card key={resource} withBorder radius="md" padding="sm" component="fieldset" m={0}>
            <Text component="legend" fw={700} px={4}>
              {resource}
            </Text>
            <Stack gap={0}>
              {list.map((permission) => {
                // Granting and taking away both need the permission oneself (roles.policy.ts on the server).
                const disabled = locked || !grantable.has(permission.id);
                return (
                  <Checkbox
                    key={permission.id}
                    label={
                      <Group gap={6} wrap="wrap" component="span">
                        <span>{permission.name}</span>
                        {permission.system ? null : (
                          <Badge variant="outline" color="gray" size="xs" component="span">
                            {t('admin.roles.custom')}
                          </Badge>
                        )}
                      </Group>
                    }
                    checked={holdsAll || checked.has(permission.id)}
                    disabled={disabled}
                    onChange={(event) => toggle(permission.id, event.currentTarget.checked)}
                    styles={{ body: { minHeight: 44, alignItems: 'center' } }}
                  />
                );
              })}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <ErrorAlert error={save.error} />
      {locked ? null : (
        <Button type="submit" loading={save.isPending} h={44}>
          {t('admin.roles.save')}
        </Button>
      )}
    </form>
  );
}

/** Assigns permissions to a role with checkboxes (spec §2, admin.dashboard.roles.assigned). */
export function RolePermissionsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const role = useRolePermissions(id);
  const all = useAllPermissions();

  return (
    <>
      <Anchor
        component={Link}
        to="/admin/roles"
        mb="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44 }}
      >
        <IconArrowLeft size={16} aria-hidden />
        {t('admin.roles.back')}
      </Anchor>
      <ErrorAlert error={role.error ?? all.error} />
      {role.isPending || all.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Group>
      ) : role.data && all.data ? (
        <>
          <Title order={2} fz="h3" mb="md">
            {t('admin.roles.role_heading', { name: role.data.data.name })}
          </Title>
          {all.data.data.length === 0 ? (
            <EmptyState
              icon={<IconKey size={32} />}
              title={t('admin.roles.no_permissions_title')}
              body={t('admin.roles.no_permissions_body')}
            />
          ) : (
            // A fresh checklist per saved state, so what shows is what the server holds.
            <PermissionChecklist
              key={role.data.data.permissions.map((p) => p.id).join(',')}
              role={role.data.data}
              all={all.data.data}
            />
          )}
        </>
      ) : null}
    </>
  );
}
