import { Button } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
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

/** A quiet "Report" button (a person's or an account's page) that opens the dialog. */
export function ReportButton({ target, label }: { target: ReportTarget; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="subtle" color="gray" leftSection={<IconFlag size={18} />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <LazyReportDialog target={open ? target : null} onClose={() => setOpen(false)} />
    </>
  );
}
