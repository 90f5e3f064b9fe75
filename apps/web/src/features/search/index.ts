/* The search feature's door: the tags people write about now (Explore), the tags I follow (my profile) and the
 * public feed's choice of language (home), each drawn lazily by its screen; never a page. Queries: api.ts. */
export { TrendingTags } from './TrendingTags';
export { FollowedTags } from './FollowedTags';
export { FeedLanguageFilter, FeedLanguageEmpty } from './FeedLanguage';
