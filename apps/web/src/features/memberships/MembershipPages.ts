/* The tier editor and My memberships, one chunk for the two routes: one entry in the router's list of files. */
export { MyMembershipsPage } from './MyMembershipsPage';
export { TierEditorPage } from './TierEditorPage';
