/** The likes module's face: what other modules, the seed and the composition root may use. */
import { defineModule } from '../../platform/module';
import { likesRoutes } from './likes.routes';

export { toggleLike } from './likes.service';

export const likesModule = defineModule({
  routes: likesRoutes,
  // Unliking a comment is counted nowhere yet.
  subscribers: () => ({ 'comment.unliked': [] }),
});
