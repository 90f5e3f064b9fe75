/** The users module's face: people and their devices; identity signs them in through it. */
export {
  accountMembership,
  findUserByEmail,
  findUserWithRole,
  setPasswordHash,
  usernameTaken,
  type UserRow,
} from './users.repo';
export { passwordChangeLimit, usersRoutes } from './users.routes';
export { endSessions, sessionUser, socialLogins, takenField } from './users.service';
export { usersSubscribers } from './users.subscribers';
