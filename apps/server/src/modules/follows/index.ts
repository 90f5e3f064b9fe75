/** The follows module's face: what other modules, the seed and the composition root may use. */
import { defineModule } from '../../platform/module';
import { followsRoutes } from './follows.routes';
import { followsSubscribers } from './follows.subscribers';

export { followLimit } from './follows.routes';
export { followMany, setFollow } from './follows.service';

export const followsModule = defineModule({ routes: followsRoutes, subscribers: followsSubscribers });
