/** The pins module's face: an account's pinned posts (up to three, in the order its people set), read and set. */
import { defineModule } from '../../platform/module';
import { pinsRoutes } from './pins.routes';

export const pinsModule = defineModule({ routes: pinsRoutes });
