/* The search page and a tag's page: one chunk, loaded from one place (the router carries one import for both). */
export { SearchPage } from './SearchPage';
export { TagPage } from './TagPage';
