import type { UsernameCheck } from '@inkwell/contracts';
import { TextInput, type MantineSize } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DescriptionField } from './DescriptionField';
import { UsernameField } from './UsernameField';

interface CreatorValues {
  name: string;
  username: string;
  description: string;
}

/**
 * An organization's or account's name, username (checked when it loses focus) and description, as creating,
 * editing and the admin's edit screens ask for them. `current`: the stored username, which is not "taken".
 * `labels`: the admin screens' own wording; the owner's screens use the default one.
 */
export function CreatorFields<T extends CreatorValues>({
  form: typed,
  kind,
  check,
  labels: given,
  current,
  size,
}: {
  form: UseFormReturnType<T>;
  kind: 'organization' | 'account';
  check: (username: string) => Promise<UsernameCheck>;
  labels?: { name: string; username: string; description: string };
  current?: string;
  size?: MantineSize;
}) {
  // Only the three fields every creator form has are touched here.
  const form = typed as unknown as UseFormReturnType<CreatorValues>;
  const { t } = useTranslation();
  const labels = given ?? {
    name: t('fields.name'),
    username: t('fields.username'),
    description: t('creators.description'),
  };
  return (
    <>
      <TextInput label={labels.name} required size={size} {...form.getInputProps('name')} />
      <UsernameField
        kind={kind}
        check={check}
        label={labels.username}
        required
        size={size}
        value={form.values.username}
        error={form.errors.username}
        onChange={(value) => form.setFieldValue('username', value)}
        onError={(message) =>
          form.setFieldError(
            'username',
            current !== undefined && form.values.username.trim().toLowerCase() === current ? null : message,
          )
        }
      />
      <DescriptionField
        label={labels.description}
        required
        size={size}
        {...form.getInputProps('description')}
        value={form.values.description}
      />
    </>
  );
}
