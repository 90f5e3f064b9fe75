/** The friends module's face: people's profiles with where the viewer stands, friend requests and friends. */
export { friendLimit, friendsRoutes } from './friends.routes';
export { areFriends } from './friends.service';
