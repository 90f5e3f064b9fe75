/** The audit module's face: the admin area's change log, read (entries are written by `platform/audit.ts`). */
import { defineModule } from '../../platform/module';
import { auditRoutes } from './audit.routes';

export const auditModule = defineModule({ routes: auditRoutes });
