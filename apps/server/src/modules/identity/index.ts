/** The identity module's face (sign-up, sign-in, activation, password reset, social sign-in): its routes. */
import { defineModule } from '../../platform/module';
import { identityRoutes } from './identity.routes';

export const identityModule = defineModule({ routes: identityRoutes });
