/* Profile's safety settings, one chunk for the three routes: one entry in the router's list of files to load. */
export { BlockedPage } from './BlockedPage';
export { MutedAccountsPage } from './MutedAccountsPage';
export { MutedWordsPage } from './MutedWordsPage';
