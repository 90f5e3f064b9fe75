import type { AppContext } from '../../platform/context';

/** A named piece of the demo data set; each feature adds its own, ordered by `after`. */
export interface Scenario {
  name: string;
  after?: string[];
  run(ctx: AppContext): Promise<void>;
}

export const DEMO_PASSWORD = 'inkwell-demo-2026';
