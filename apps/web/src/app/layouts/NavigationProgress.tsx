import { useTranslation } from 'react-i18next';

/**
 * A thin bar at the top while the next page's code or data loads (slow connections see progress). Plain
 * elements and a few lines of global.css rather than Mantine's Progress: it is in every page's first load.
 */
export function NavigationProgress({ active }: { active: boolean }) {
  const { t } = useTranslation();
  if (!active) return null;
  return (
    <div className="inkwell-navigation-progress" role="progressbar" aria-label={t('app.loading')} aria-busy="true" />
  );
}
