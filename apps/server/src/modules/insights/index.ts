/** The insights module's face: its routes, its event subscribers and its jobs, wired at the composition root. */
export { countEvent, insightsQueues, pruneCountedJobs } from './insights.jobs';
export { insightsRoutes } from './insights.routes';
export { insightsSubscribers } from './insights.subscribers';
