import { accountsModule } from './modules/accounts';
import { auditModule } from './modules/audit';
import { billingModule } from './modules/billing';
import { chatsModule } from './modules/chats';
import { commentsModule } from './modules/comments';
import { discoveryModule } from './modules/discovery';
import { followsModule } from './modules/follows';
import { friendsModule } from './modules/friends';
import { identityModule } from './modules/identity';
import { insightsModule } from './modules/insights';
import { likesModule } from './modules/likes';
import { mediaModule } from './modules/media';
import { membershipsModule } from './modules/memberships';
import { notificationsModule } from './modules/notifications';
import { organizationsModule } from './modules/organizations';
import { pagesModule } from './modules/pages';
import { pinsModule } from './modules/pins';
import { postsModule } from './modules/posts';
import { pushModule } from './modules/push';
import { realtimeModule } from './modules/realtime';
import { reportsModule } from './modules/reports';
import { rolesModule } from './modules/roles';
import { safetyModule } from './modules/safety';
import { searchModule } from './modules/search';
import { tagsModule } from './modules/tags';
import { systemModule } from './modules/system';
import { usersModule } from './modules/users';
import type { PlatformRegistrations } from './platform/create-context';
import { mailModule } from './platform/mail/mail.module';
import { composeModules, type ModulesCheck } from './platform/module';

/*
 * The composition root's list of modules, beside `app.ts` (serve) and `main.ts` (worker and CLI): each module
 * describes itself (`<feature>Module` in its index.ts: routes, seeds, queues, jobs, subscribers) and the
 * platform, which imports no module, runs what this list hands it.
 *
 * The order is the order of routes, of the seeds (roles before plans) and of the subscribers of one event: who
 * hears a chat message first (the room's sockets, then notifications for whoever is away), and notifications
 * before insights before the feed.
 */
const modules = [
  mailModule,
  systemModule,
  identityModule,
  usersModule,
  searchModule,
  tagsModule,
  chatsModule,
  notificationsModule,
  insightsModule,
  rolesModule,
  auditModule,
  organizationsModule,
  accountsModule,
  billingModule,
  membershipsModule,
  mediaModule,
  postsModule,
  pinsModule,
  commentsModule,
  likesModule,
  followsModule,
  discoveryModule,
  friendsModule,
  reportsModule,
  safetyModule,
  realtimeModule,
  pushModule,
  pagesModule,
] as const;

/**
 * A job of the contract without a handler (or with two) or an event nobody decided about does not compile: this
 * line names it (the type is `true` otherwise).
 */
const complete: ModulesCheck<typeof modules> = true;
void complete;

const composed = composeModules(modules);

/** Handed to `createContext`: the seeds every start runs after the migrations, and the jobs' queue settings. */
export const registrations: PlatformRegistrations = {
  startupSeeds: composed.startupSeeds,
  jobQueues: composed.jobQueues,
};

/** Every module's routes, in the list's order. */
export const moduleRoutes = composed.routes;
/** One handler per job in the contract. */
export const jobHandlers = composed.jobHandlers;
/** Every domain event and who hears it, after its transaction commits. */
export const eventSubscribers = composed.eventSubscribers;
