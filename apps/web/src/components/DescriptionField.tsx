import { DESCRIPTION_MAX_LENGTH } from '@inkwell/contracts';
import { Textarea, type TextareaProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A description of at most 250 characters, with a counter. */
export function DescriptionField({ value, ...props }: TextareaProps & { value: string }) {
  const { t } = useTranslation();
  return (
    <Textarea
      {...props}
      value={value}
      autosize
      minRows={3}
      maxLength={DESCRIPTION_MAX_LENGTH}
      description={t('creators.characters_left', { count: DESCRIPTION_MAX_LENGTH - value.length })}
    />
  );
}
