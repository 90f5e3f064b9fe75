import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A thin bar at the top while the next page's code or data loads (slow connections see progress). */
export function NavigationProgress({ active }: { active: boolean }) {
  const { t } = useTranslation();
  if (!active) return null;
  return (
    <Progress
      value={100}
      animated
      size={3}
      radius={0}
      aria-label={t('app.loading')}
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }}
    />
  );
}
