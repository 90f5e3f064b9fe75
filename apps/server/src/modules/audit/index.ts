/** The audit module's face: the admin area's change log, read (entries are written by `platform/audit.ts`). */
export { auditRoutes } from './audit.routes';
