import path from 'node:path';
import { serverRoot } from '../server-root';

export const defaultWebDist = path.join(serverRoot, '..', 'web', 'dist');

/** The built web app's index.html (`WEB_DIST` when set). */
export const webIndexFile = (webDist: string | undefined): string =>
  path.join(webDist ? path.resolve(webDist) : defaultWebDist, 'index.html');
