import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The centred spinner a page shows while what it needs first is loading. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}
