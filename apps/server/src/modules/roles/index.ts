/** The roles module's face: roles, permissions and which role holds which, for the admin area. */
export { rolesRoutes } from './roles.routes';
