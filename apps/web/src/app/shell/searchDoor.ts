/* The header's suggestions, behind a door with nothing to import of its own: see components/text/textDoors.ts. */
export const loadHeaderSuggestions = () => import('../../features/search/HeaderSuggestions');
