/** The likes module's face: what other modules, the seed and the composition root may use. */
export { likesRoutes } from './likes.routes';
export { toggleLike } from './likes.service';
