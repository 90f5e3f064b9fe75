/** The insights module's face: its routes. */
export { insightsRoutes } from './insights.routes';
