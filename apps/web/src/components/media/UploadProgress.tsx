import { Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The bar and the spoken percentage while a file travels to the server. */
export function UploadProgress({ progress }: { progress: number }) {
  const { t } = useTranslation();
  return (
    <div>
      <Progress value={progress} animated aria-label={t('media.uploading')} />
      <Text size="sm" c="dimmed" mt={4} role="status">
        {t('media.uploading_percent', { percent: progress })}
      </Text>
    </div>
  );
}
