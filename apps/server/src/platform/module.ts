import { DOMAIN_EVENT_TYPES, JOB_NAMES, type DomainEventType, type JobName } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';
import type { AppContext } from './context';
import type { EventSubscribers, Subscriber } from './events';
import type { JobHandlers, JobQueueSettings, QueueSettings } from './jobs/queue';

/** Rows every start makes sure of (idempotent), run right after the migrations. */
export type StartupSeed = (db: Db) => Promise<void>;

/**
 * What one module hands the platform: every module has this shape (`<feature>Module` in its index.ts), and the
 * composition root (registrations.ts) only lists them. `J` are the jobs it handles, `E` the events it decided
 * about; the list's types prove that every job of the contract has exactly one handler and every event a
 * decided list of subscribers.
 */
export interface ServerModule<J extends JobName = never, E extends DomainEventType = never> {
  /** Its HTTP routes. */
  routes?: (app: FastifyInstance, ctx: AppContext) => void;
  /** Rows every start makes sure of, after the migrations (in the list's order). */
  seeds?: readonly StartupSeed[];
  /** Retries, schedules and batch sizes of its jobs (the queue's defaults otherwise). */
  queues?: { readonly [N in J]?: QueueSettings };
  /** One handler for each job it owns. */
  jobs?: (ctx: AppContext) => { [N in J]: JobHandlers[N] };
  /**
   * What it hears after a commit, per event (run in the list's order, then in the order given). `[]` says the
   * owner of an event decided that nobody hears it yet.
   */
  subscribers?: (ctx: AppContext) => { [K in E]: Subscriber<K>[] };
}

/** Types a module's descriptor, keeping which jobs and events it names. */
export const defineModule = <J extends JobName = never, E extends DomainEventType = never>(
  module: ServerModule<J, E>,
): ServerModule<J, E> => module;

/** Any module of the list, whatever jobs and events it names. */
interface SomeModule {
  routes?: (app: FastifyInstance, ctx: AppContext) => void;
  seeds?: readonly StartupSeed[];
  queues?: JobQueueSettings;
  jobs?: (ctx: AppContext) => Partial<JobHandlers>;
  subscribers?: (ctx: AppContext) => Partial<EventSubscribers>;
}
type JobsOf<M> = M extends { jobs?: (ctx: AppContext) => infer R } ? keyof R : never;
type EventsOf<M> = M extends { subscribers?: (ctx: AppContext) => infer R } ? keyof R : never;
/** The jobs two modules of the list both handle. */
type HandledTwice<Ms extends readonly unknown[], Seen = never> = Ms extends readonly [infer M, ...infer Rest]
  ? (JobsOf<M> & Seen) | HandledTwice<Rest, Seen | JobsOf<M>>
  : never;

/**
 * The list of modules is complete when this is `true`: otherwise the type names the jobs without a handler, the
 * jobs with two, and the events nobody decided about (`composeModules` refuses them again at start).
 */
export type ModulesCheck<Ms extends readonly unknown[]> = [
  Exclude<JobName, JobsOf<Ms[number]>>,
  HandledTwice<Ms>,
  Exclude<DomainEventType, EventsOf<Ms[number]>>,
] extends [never, never, never]
  ? true
  : {
      jobsWithoutHandler: Exclude<JobName, JobsOf<Ms[number]>>;
      jobsHandledTwice: HandledTwice<Ms>;
      eventsUndecided: Exclude<DomainEventType, EventsOf<Ms[number]>>;
    };

/** The modules' parts put together for the platform: in the list's order, each job once, each event decided. */
export function composeModules(modules: readonly SomeModule[]) {
  return {
    startupSeeds: modules.flatMap((m) => m.seeds ?? []),
    jobQueues: Object.assign({}, ...modules.map((m) => m.queues ?? {})) as JobQueueSettings,
    routes(app: FastifyInstance, ctx: AppContext): void {
      for (const m of modules) m.routes?.(app, ctx);
    },
    jobHandlers(ctx: AppContext): JobHandlers {
      const handlers: Partial<Record<JobName, unknown>> = {};
      for (const m of modules) {
        for (const [name, handler] of Object.entries(m.jobs?.(ctx) ?? {})) {
          if (name in handlers) throw new Error(`job ${name} has two handlers`);
          handlers[name as JobName] = handler;
        }
      }
      const missing = JOB_NAMES.filter((name) => !handlers[name]);
      if (missing.length > 0) throw new Error(`jobs without a handler: ${missing.join(', ')}`);
      return handlers as JobHandlers;
    },
    eventSubscribers(ctx: AppContext): EventSubscribers {
      const heard: Partial<Record<DomainEventType, unknown[]>> = {};
      for (const m of modules) {
        for (const [type, subscribers] of Object.entries(m.subscribers?.(ctx) ?? {}))
          (heard[type as DomainEventType] ??= []).push(...(subscribers as unknown[]));
      }
      const undecided = DOMAIN_EVENT_TYPES.filter((type) => !heard[type]);
      if (undecided.length > 0) throw new Error(`events nobody decided about: ${undecided.join(', ')}`);
      return heard as EventSubscribers;
    },
  };
}
