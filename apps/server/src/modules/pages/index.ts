/** The public pages' face: link previews of posts and accounts, short links, robots.txt and the sitemap. */
import { defineModule } from '../../platform/module';
import { pagesRoutes } from './pages.routes';

export const pagesModule = defineModule({ routes: pagesRoutes });
