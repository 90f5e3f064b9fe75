/** The system module's face: its routes (health, metrics, the dev mailbox…). */
import { defineModule } from '../../platform/module';
import { systemRoutes } from './system.routes';

export const systemModule = defineModule({ routes: systemRoutes });
