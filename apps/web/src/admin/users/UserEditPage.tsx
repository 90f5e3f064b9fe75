import type { AdminUser } from '@inkwell/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle, IconLock, IconLockOpen } from '@tabler/icons-react';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { confirmDelete } from '../../components/ConfirmDialog';
import { FormImageUploader } from '../../components/media/ImageUploader';
import { UserAvatar } from '../../components/UserAvatar';
import { showServerErrors, useServerForm } from '../../lib/useServerForm';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { longDate } from '../../lib/dates';
import { ErrorAlert } from '../components/ErrorAlert';
import { BackButton } from '../components/BackButton';
import { usePermission } from '../usePermission';
import { useAdminUser, useChangeRole, useRoleOptions, useSetSuspended, useUpdateUser } from './api';
import { NotFound, isNotFound } from '../../components/NotFound';

/** Burmese stacks glyphs above and below the line: a hint under a field needs lines as tall as the rest. */
const tallDescription = { description: { lineHeight: 1.6 } };

/** Update a person's name, username, e-mail, date of birth, role and profile image (spec §2), and suspend them. */
export function UserEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const user = useAdminUser(id);

  return (
    <Stack gap="md" maw={640}>
      <BackButton to="/admin/users" label={t('admin.users.back')} />
      {isNotFound(user.error) ? <NotFound home="/admin/users" headingOrder={2} /> : <ErrorAlert error={user.error} />}
      {user.isPending && !user.isError ? (
        <Center py="xl">
          <Loader aria-label={t('admin.common.loading')} />
        </Center>
      ) : user.data ? (
        // A fresh form whenever the person's stored values change (another person, or a saved answer).
        <UserEditor key={JSON.stringify(user.data)} user={user.data} />
      ) : null}
    </Stack>
  );
}

function UserEditor({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const mayRole = usePermission('users.role') && user.can_change_role;
  const update = useUpdateUser(user.id);
  const changeRole = useChangeRole(user.id);
  const roles = useRoleOptions(mayRole);
  const [uploading, setUploading] = useState(false);
  const [roleError, setRoleError] = useState<unknown>(null);
  const form = useServerForm({
    name: user.name,
    username: user.username,
    email: user.email,
    dob: user.dob ?? '',
    profile_url: user.profile_url,
    role_id: String(user.role_id),
  });
  const editable = user.can_modify;
  const adminFields = user.can_modify_admin_fields;
  const roleChanged = mayRole && form.values.role_id !== String(user.role_id);
  const profileChanged = (['name', 'username', 'email', 'dob', 'profile_url'] as const).some((k) => form.isDirty(k));
  const busy = update.isPending || changeRole.isPending;

  const submit = form.onSubmit(async (values) => {
    setRoleError(null);
    try {
      // A role change alone leaves the profile as it is (and out of the audit log).
      if (editable && (profileChanged || !roleChanged)) {
        const res = await update.mutateAsync({
          name: values.name,
          username: values.username,
          profile_url: values.profile_url,
          ...(adminFields ? { email: values.email, dob: values.dob || null } : {}),
        });
        if (!roleChanged) alert('success', res.message);
      }
    } catch (error) {
      showServerErrors(form, error);
      return;
    }
    if (!roleChanged) return;
    try {
      const res = await changeRole.mutateAsync(Number(values.role_id));
      alert('success', res.message);
    } catch (error) {
      setRoleError(error);
      alert('danger', errorMessage(error));
    }
  });

  return (
    <Stack gap="lg">
      <UserHeader user={user} />

      {!editable && !mayRole && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {t('admin.users.read_only')}
        </Alert>
      )}

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {editable ? (
            <FormImageUploader
              form={form}
              field="profile_url"
              label={t('admin.users.picture')}
              onBusyChange={setUploading}
            />
          ) : null}
          <TextInput label={t('admin.common.name')} readOnly={!editable} {...form.getInputProps('name')} />
          <TextInput
            label={t('admin.common.username')}
            autoCapitalize="none"
            spellCheck={false}
            leftSection="@"
            readOnly={!editable}
            {...form.getInputProps('username')}
          />
          <TextInput
            type="email"
            label={t('admin.common.email')}
            readOnly={!adminFields}
            description={editable && !adminFields ? t('admin.users.email_locked') : undefined}
            styles={tallDescription}
            {...form.getInputProps('email')}
          />
          <TextInput
            type="date"
            label={t('admin.users.dob')}
            readOnly={!adminFields}
            max={new Date().toISOString().slice(0, 10)}
            {...form.getInputProps('dob')}
          />
          <RoleField
            user={user}
            mayRole={mayRole}
            roles={roles}
            error={roleError ? errorMessage(roleError) : undefined}
            inputProps={form.getInputProps('role_id')}
          />
          <ErrorAlert error={roles.error} />
          {(editable || mayRole) && (
            <Group justify="flex-end">
              <Button type="submit" loading={busy} disabled={uploading} mih={44}>
                {t('admin.users.update')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>

      {user.can_suspend && <SuspendCard user={user} />}
    </Stack>
  );
}

function SuspendCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const suspension = useSetSuspended(user.id);
  const suspended = Boolean(user.suspended_at);

  const act = () =>
    confirmDelete({
      title: t(suspended ? 'admin.users.reinstate_title' : 'admin.users.suspend_title', { name: user.name }),
      text: t(suspended ? 'admin.users.reinstate_text' : 'admin.users.suspend_text', { name: user.name }),
      confirmLabel: t(suspended ? 'admin.users.reinstate' : 'admin.users.suspend'),
      confirmColor: suspended ? 'indigo' : 'red',
      onConfirm: () =>
        suspension.mutate(!suspended, {
          onSuccess: (res) => alert('success', res.message),
          onError: (error) => alert('danger', errorMessage(error)),
        }),
    });

  return (
    <Card withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t('admin.users.account_title')}
        </Title>
        <Text size="sm" c={suspended ? 'red' : 'dimmed'}>
          {suspended
            ? t('admin.users.suspended_since', { date: longDate(user.suspended_at!, currentLocale()) })
            : t('admin.users.suspend_hint')}
        </Text>
        <ErrorAlert error={suspension.error} />
        <Group>
          <Button
            variant={suspended ? 'filled' : 'outline'}
            color={suspended ? 'indigo' : 'red'}
            leftSection={suspended ? <IconLockOpen size={18} /> : <IconLock size={18} />}
            loading={suspension.isPending}
            onClick={act}
            mih={44}
          >
            {t(suspended ? 'admin.users.reinstate' : 'admin.users.suspend')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The person's picture, name, username, joining date, role and state. */
function UserHeader({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <UserAvatar url={user.profile_url} name={user.name} size={56} />
      <div style={{ minWidth: 0 }}>
        <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
          {user.name}
        </Title>
        <Group gap="xs" mt={4}>
          <Text size="sm" c="dimmed">
            @{user.username} · {t('admin.users.joined', { date: longDate(user.created_at, locale) })}
          </Text>
          <Badge variant="outline" color="gray">
            {user.role_name}
          </Badge>
          {user.suspended_at && (
            <Badge color="red" variant="light">
              {t('admin.users.suspended')}
            </Badge>
          )}
          {!user.email_verified_at && (
            <Badge color="yellow" variant="light">
              {t('admin.users.not_activated')}
            </Badge>
          )}
        </Group>
      </div>
    </Group>
  );
}

/** The roles to choose from; the current one is among them even before the list arrives. */
function roleOptionsOf(roles: { id: number; name: string }[] | undefined, user: AdminUser) {
  const options = (roles ?? []).map((role) => ({ value: String(role.id), label: role.name }));
  if (!options.some((o) => o.value === String(user.role_id)))
    options.unshift({ value: String(user.role_id), label: user.role_name });
  return options;
}

/** The role: a choice for those who may change it (the list loads only for them), else the role's name. */
function RoleField({
  user,
  mayRole,
  roles,
  error,
  inputProps,
}: {
  user: AdminUser;
  mayRole: boolean;
  roles: ReturnType<typeof useRoleOptions>;
  error: string | undefined;
  inputProps: ReturnType<UseFormReturnType<{ role_id: string }>['getInputProps']>;
}) {
  const { t } = useTranslation();
  return mayRole ? (
    <Select
      size="md"
      label={t('admin.users.role')}
      description={t('admin.users.role_hint')}
      styles={tallDescription}
      data={roleOptionsOf(roles.data, user)}
      allowDeselect={false}
      rightSection={roles.isFetching ? <Loader size="xs" /> : undefined}
      error={error}
      {...inputProps}
    />
  ) : (
    <TextInput label={t('admin.users.role')} value={user.role_name} readOnly />
  );
}
