/** The organizations module's face: what other modules and the composition root may use. */
export { organizationAccess, type OrganizationAccess, type OrganizationFacts } from './organizations.policy';
export { byId as findOrganization } from './organizations.repo';
export { createOrganizationLimit, organizationsRoutes } from './organizations.routes';
export { checkUsername, toOrganization } from './organizations.service';
