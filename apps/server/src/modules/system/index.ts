/** The system module's face: its routes (health, metrics, the dev mailbox…). */
export { systemRoutes } from './system.routes';
