import { lazy, Suspense } from 'react';
import type { ReportTarget } from './ReportDialog';

/** The dialog (a modal, its radios and text box) loads when a reader reports something, not with the page. */
const ReportDialog = lazy(async () => ({ default: (await import('./ReportDialog')).ReportDialog }));

/** The report dialog for `target`, loaded on first use; nothing is drawn while `target` is null. */
export function LazyReportDialog({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  if (!target) return null;
  return (
    <Suspense>
      <ReportDialog target={target} onClose={onClose} />
    </Suspense>
  );
}
