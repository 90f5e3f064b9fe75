/** The search module's face: its routes. */
export { searchLimit, searchRoutes } from './search.routes';
