/** The comments module's face: what other modules, the seed and the composition root may use. */
import { defineModule } from '../../platform/module';
import { commentsRoutes } from './comments.routes';

export { commentLimits } from './comments.routes';
export { create as createComment, remove as removeComment } from './comments.service';

export const commentsModule = defineModule({
  routes: commentsRoutes,
  // A removed comment takes its notifications with it (foreign key): nobody hears it yet.
  subscribers: () => ({ 'comment.deleted': [] }),
});
