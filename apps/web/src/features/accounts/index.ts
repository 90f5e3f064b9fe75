/* The accounts feature's door: the steps from reader to first post that the plan, organization and compose
 * screens show, never a page. Queries: api.ts. */
export { CreatorNextStep, CreatorPathSteps, useCreatorPath } from './CreatorPath';
