/**
 * The discovery module's face: onboarding, suggested accounts, trending posts, new and featured creators,
 * "readers also follow", and starter packs. Follows are the follows module's; this one hears them to recount
 * co-follows on its next refresh.
 */
import { defineModule } from '../../platform/module';
import { discoveryQueues, refreshDiscovery, sendDigests } from './discovery.jobs';
import { markDirty } from './discovery.repo';
import { discoveryRoutes } from './discovery.routes';

export { refreshDiscovery, sendDigests } from './discovery.jobs';

export const discoveryModule = defineModule({
  routes: discoveryRoutes,
  queues: discoveryQueues,
  jobs: (ctx) => ({
    'discovery.refresh': async () => {
      await refreshDiscovery(ctx);
    },
    'discovery.digest': async () => {
      await sendDigests(ctx);
    },
  }),
  subscribers: (ctx) => ({
    'account.followed': [(event) => markDirty(ctx.db, event.account_id)],
    'account.unfollowed': [(event) => markDirty(ctx.db, event.account_id)],
  }),
});
