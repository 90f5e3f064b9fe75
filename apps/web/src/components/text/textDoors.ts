/*
 * The doors to text's lazy parts (links in posts and comments, the composer's suggestions, the Zawgyi notice): a
 * module with nothing to import of its own, so the screens that open it carry a bare `import()` and no list of
 * files to preload (vite.config.ts: ≈ 0.15 KB brotli in each screen's chunk); the parts bring their own files.
 */
export const loadLinkedText = () => import('./LinkedText');
export const loadTextAutocomplete = () => import('./TextAutocomplete');
export const noticeZawgyi = () => import('./zawgyiNotice').then((notice) => notice.noticeZawgyi());
