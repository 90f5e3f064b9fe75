import { eq, like } from 'drizzle-orm';
import { appState } from '../../db/schema';
import { refreshDiscovery } from '../../modules/discovery';
import type { AppContext } from '../../platform/context';
import { DEMO_PASSWORD, type Scenario } from './scenario';
import { creatorsScenario } from './creators.scenario';
import { postsScenario } from './posts.scenario';
import { usersScenario } from './users.scenario';

/** Every demo scenario, in the order features arrived; `after` may reorder. */
export const SCENARIOS: Scenario[] = [usersScenario, creatorsScenario, postsScenario];

function ordered(scenarios: Scenario[]): Scenario[] {
  const done = new Set<string>();
  const out: Scenario[] = [];
  const visit = (s: Scenario, path: string[]) => {
    if (done.has(s.name)) return;
    if (path.includes(s.name)) throw new Error(`Seed scenarios form a cycle: ${[...path, s.name].join(' → ')}`);
    for (const dep of s.after ?? []) {
      const d = scenarios.find((x) => x.name === dep);
      if (!d) throw new Error(`Scenario ${s.name} needs unknown ${dep}`);
      visit(d, [...path, s.name]);
    }
    done.add(s.name);
    out.push(s);
  };
  for (const s of scenarios) visit(s, []);
  return out;
}

export interface DemoSeedResult {
  ran: string[];
  password: string;
}

/**
 * Runs each scenario that has not run on this database yet, so an upgraded demo install gets the new
 * feature's data too.
 */
export async function seedDemo(ctx: AppContext, only?: string[]): Promise<DemoSeedResult> {
  const doneRows = await ctx.db.select({ key: appState.key }).from(appState).where(like(appState.key, 'seed:%'));
  const done = new Set(doneRows.map((r) => r.key.slice(5)));
  const ran: string[] = [];
  for (const scenario of ordered(SCENARIOS)) {
    if (only && !only.includes(scenario.name)) continue;
    if (done.has(scenario.name)) continue;
    await scenario.run(ctx);
    await ctx.db
      .insert(appState)
      .values({ key: `seed:${scenario.name}`, value: { ran_at: new Date().toISOString() } })
      .onConflictDoNothing();
    ran.push(scenario.name);
  }
  // Suggestions and trending posts from the demo's accounts at once, not at the job's next run (ten minutes).
  if (ran.length > 0) await refreshDiscovery(ctx);
  return { ran, password: DEMO_PASSWORD };
}

export async function demoSeeded(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select().from(appState).where(eq(appState.key, 'seed:users'));
  return Boolean(row);
}
