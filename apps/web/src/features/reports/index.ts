/** The reports feature's face: what every menu uses to report something, the dialog loading on first use. */
export { LazyReportDialog } from './ReportButton';
export type { ReportTarget } from './ReportDialog';
