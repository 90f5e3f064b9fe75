import { STATUS_MAX_LENGTH } from '@inkwell/contracts';
import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A status: at most 250 characters, with the count left under it. */
export function StatusPostForm({
  value,
  onChange,
  label,
  error,
  required,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: React.ReactNode;
  /** An asterisk and `aria-required`, without the browser's own (untranslated) required check. */
  required?: boolean;
}) {
  const { t } = useTranslation();
  const left = STATUS_MAX_LENGTH - value.length;
  return (
    <Textarea
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={STATUS_MAX_LENGTH}
      autosize
      minRows={4}
      error={error}
      withAsterisk={required}
      aria-required={required}
      description={t('creators.characters_left', { count: left })}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
