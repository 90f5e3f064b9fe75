import { IMAGE_ALT_MAX_LENGTH } from '@inkwell/contracts';
import { Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './ImageAltInput.module.css';

/**
 * An uploaded image's description (its `alt`), under the image it describes. While the image has none, a
 * reminder says what a screen reader will say instead: a nudge, never a blocker (a creator may publish without).
 */
export function ImageAltInput({
  value,
  onChange,
  label,
  error,
}: {
  value: string;
  onChange: (alt: string) => void;
  /** Which image, where a post has several ("Description of photo 2"). */
  label?: string;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const missing = value.trim() === '';
  return (
    <Textarea
      label={label ?? t('posts.alt.label')}
      // The reminder is part of the description: a screen reader hears it with the field.
      description={
        <>
          {t('posts.alt.hint')}
          {missing && (
            <Text component="span" display="block" size="xs" className={classes.reminder} fw={500} mt={2}>
              {t('posts.alt.missing')}
            </Text>
          )}
        </>
      }
      placeholder={t('posts.alt.placeholder')}
      value={value}
      maxLength={IMAGE_ALT_MAX_LENGTH}
      autosize
      minRows={1}
      maxRows={5}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
