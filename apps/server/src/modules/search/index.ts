/** The search module's face: its routes. */
import { defineModule } from '../../platform/module';
import { searchRoutes } from './search.routes';

export { searchLimit } from './search.routes';

export const searchModule = defineModule({ routes: searchRoutes });
