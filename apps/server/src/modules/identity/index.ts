/** The identity module's face (sign-up, sign-in, activation, password reset, social sign-in): its routes. */
export { identityRoutes } from './identity.routes';
