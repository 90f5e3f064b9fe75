/** The identity module's face (sign-up, sign-in, activation, password reset): its routes. */
export { identityRoutes } from './identity.routes';
