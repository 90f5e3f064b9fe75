import { STATUS_MAX_LENGTH } from '@inkwell/contracts';
import { Textarea } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The @ and # suggestions load with the first @ or # typed: most posts name nobody, and compose's budget is spent.
const TextAutocomplete = lazy(() => import('./text/textDoors').then((doors) => doors.loadTextAutocomplete()));

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
  const field = useRef<HTMLTextAreaElement>(null);
  const [suggest, setSuggest] = useState(false);
  return (
    <div style={{ position: 'relative' }}>
      <Textarea
        ref={field}
        label={label}
        value={value}
        onChange={(e) => {
          onChange(e.currentTarget.value);
          if (/[@#]/.test(e.currentTarget.value)) setSuggest(true);
        }}
        maxLength={STATUS_MAX_LENGTH}
        autosize
        minRows={4}
        error={error}
        withAsterisk={required}
        aria-required={required}
        description={t('creators.characters_left', { count: left })}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      {suggest && (
        <Suspense>
          <TextAutocomplete field={field} value={value} onChange={onChange} />
        </Suspense>
      )}
    </div>
  );
}
