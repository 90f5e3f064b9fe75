/** The users module's face: people and their devices; identity signs them in through it. */
export {
  accountMembership,
  findUserByEmail,
  revokeTokens,
  setPasswordHash,
  usernameTaken,
  type UserRow,
} from './users.repo';
export { passwordChangeLimit, usersRoutes } from './users.routes';
export { sessionUser } from './users.service';
export { usersSubscribers } from './users.subscribers';
