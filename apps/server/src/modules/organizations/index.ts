/** The organizations module's face: what other modules and the composition root may use. */
import { defineModule } from '../../platform/module';
import { organizationsRoutes } from './organizations.routes';

export { organizationAccess, type OrganizationAccess, type OrganizationFacts } from './organizations.policy';
export { byId as findOrganization } from './organizations.repo';
export { createOrganizationLimit } from './organizations.routes';
export { checkUsername, toOrganization } from './organizations.service';

export const organizationsModule = defineModule({ routes: organizationsRoutes });
