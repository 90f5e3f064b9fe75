/** The public pages' face: link previews of posts and accounts, short links, robots.txt and the sitemap. */
export { pagesRoutes } from './pages.routes';
