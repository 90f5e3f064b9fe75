import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** A new password and its confirmation, as register, reset and change-password forms ask for them. */
export function NewPasswordFields<T extends { password: string; password_confirmation: string }>({
  form,
  label,
  description,
}: {
  form: UseFormReturnType<T>;
  label: string;
  description?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={label}
        description={description}
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={t('fields.password_confirmation')}
        autoComplete="new-password"
        {...form.getInputProps('password_confirmation')}
      />
    </>
  );
}
