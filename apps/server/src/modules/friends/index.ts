/** The friends module's face: people's profiles with where the viewer stands, friend requests and friends. */
import { defineModule } from '../../platform/module';
import { friendsRoutes } from './friends.routes';
import { friendsSubscribers } from './friends.subscribers';

export { friendLimit } from './friends.routes';
export { areFriends, person } from './friends.service';

export const friendsModule = defineModule({ routes: friendsRoutes, subscribers: friendsSubscribers });
