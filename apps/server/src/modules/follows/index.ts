/** The follows module's face: what other modules, the seed and the composition root may use. */
export { followLimit, followsRoutes } from './follows.routes';
export { setFollow } from './follows.service';
