/** The reports module's face: reporting what one can see, and the moderation queue that decides. */
import { defineModule } from '../../platform/module';
import { reportsRoutes } from './reports.routes';

export { reportLimit } from './reports.routes';

export const reportsModule = defineModule({ routes: reportsRoutes });
