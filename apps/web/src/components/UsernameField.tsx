import type { UsernameCheck } from '@inkwell/contracts';
import { Loader, Text, TextInput, type TextInputProps } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A username shown as `/o/{name}` or `/a/{name}`, checked when the field loses focus (spec §5): an empty
 * one says so at once; otherwise the server's answer shows under the field.
 */
export function UsernameField({
  kind,
  check: checkAvailable,
  value,
  error,
  onChange,
  onError,
  ...rest
}: {
  kind: 'organization' | 'account';
  /** Asks the server whether the username is free. */
  check: (username: string) => Promise<UsernameCheck>;
  value: string;
  error?: React.ReactNode;
  onChange: (value: string) => void;
  onError: (message: string | null) => void;
} & Omit<TextInputProps, 'value' | 'onChange' | 'error' | 'onError' | 'check'>) {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);
  const [available, setAvailable] = useState<string | null>(null);

  const check = async () => {
    setAvailable(null);
    if (!value.trim()) return onError(t('creators.username_empty'));
    setChecking(true);
    try {
      const answer = await checkAvailable(value);
      if (answer.available) {
        onError(null);
        setAvailable(answer.message);
      } else onError(answer.message);
    } catch {
      // The create call reports problems too; a failed check must not block typing.
    } finally {
      setChecking(false);
    }
  };

  return (
    <TextInput
      {...rest}
      value={value}
      onChange={(e) => {
        setAvailable(null);
        onChange(e.currentTarget.value);
      }}
      onBlur={() => void check()}
      error={error}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      leftSection={
        <Text size="sm" c="dimmed">
          {kind === 'organization' ? '/o/' : '/a/'}
        </Text>
      }
      leftSectionWidth={36}
      rightSection={
        checking ? (
          <Loader size="xs" />
        ) : available ? (
          <IconCircleCheck size={18} color="var(--mantine-color-green-6)" />
        ) : null
      }
      description={available ?? rest.description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
