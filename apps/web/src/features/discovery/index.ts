/* The discovery feature's door: Explore's sections (the first drawn with Explore's first screen, the rest lazily
 * after it); never a page. Queries and its words: api.ts. */
export { TrendingPostsSection } from './TrendingPostsSection';
export { ExploreMore } from './doors';
