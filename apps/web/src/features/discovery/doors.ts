import { lazy } from 'react';

/** Explore below its first screen: its own chunk, asked for once the first screen is done. */
export const ExploreMore = lazy(async () => ({ default: (await import('./ExploreMore')).ExploreMore }));
