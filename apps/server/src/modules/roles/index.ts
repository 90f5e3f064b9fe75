/** The roles module's face: roles, permissions and which role holds which, for the admin area. */
import { defineModule } from '../../platform/module';
import { seedRolesAndPermissions } from '../../seed/system';
import { rolesRoutes } from './roles.routes';

/** Roles and permissions are seeded on every start, before any module's seeds that need them (plans). */
export const rolesModule = defineModule({ routes: rolesRoutes, seeds: [seedRolesAndPermissions] });
