/** The users module's face: people and their devices; identity signs them in through it. */
import { defineModule } from '../../platform/module';
import { usersRoutes } from './users.routes';
import { usersSubscribers } from './users.subscribers';

export {
  accountMembership,
  findUserByEmail,
  findUserWithRole,
  setPasswordHash,
  usernameTaken,
  type UserRow,
} from './users.repo';
export { passwordChangeLimit } from './users.routes';
export { setSuspension } from './users.admin.service';
export { endSessions, sessionUser, socialLogins, takenField } from './users.service';

export const usersModule = defineModule({ routes: usersRoutes, subscribers: usersSubscribers });
