/* Starter packs' pages: one chunk, as search's pages (a pack, its form, my packs are opened one from another). */
export { PackPage } from './PackPage';
export { PackFormPage } from './PackFormPage';
export { MyPacksPage } from './MyPacksPage';
