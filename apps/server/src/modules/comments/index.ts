/** The comments module's face: what other modules, the seed and the composition root may use. */
export { commentLimits, commentsRoutes } from './comments.routes';
export { create as createComment } from './comments.service';
