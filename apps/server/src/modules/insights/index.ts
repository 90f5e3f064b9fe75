/** The insights module's face: its routes, its event subscribers and its jobs, wired at the composition root. */
import { defineModule } from '../../platform/module';
import { countEvent, insightsQueues, pruneCountedJobs } from './insights.jobs';
import { insightsRoutes } from './insights.routes';
import { insightsSubscribers } from './insights.subscribers';

export const insightsModule = defineModule({
  routes: insightsRoutes,
  queues: insightsQueues,
  jobs: (ctx) => ({
    'insights.count': ({ event, occurred_at }, job) =>
      countEvent(ctx, event, occurred_at ? new Date(occurred_at) : new Date(), job),
    'insights.prune': () => pruneCountedJobs(ctx),
  }),
  subscribers: insightsSubscribers,
});
