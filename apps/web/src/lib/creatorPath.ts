/*
 * The way from reader to creator, told as four steps the screens of the path all show: a plan, an organization,
 * a creator account, a first post. Each step's "done" comes from what the person really has, so someone who
 * already has an organization sees that step ticked and is sent past it.
 */

export const CREATOR_STEPS = ['plan', 'organization', 'account', 'post'] as const;
export type CreatorStep = (typeof CREATOR_STEPS)[number];

/** What the person has now, as the server tells it; `undefined` while it is still being asked. */
export interface CreatorFacts {
  /** May create accounts: a plan that allows them (or an administrator, who needs none). */
  plan: boolean;
  organizationIds: number[] | undefined;
  /** Their creator accounts, with the approval each has (only an approved one can post). */
  accounts: { id: number; approved: boolean }[] | undefined;
  hasPost: boolean | undefined;
}

export type StepsDone = Record<CreatorStep, boolean>;

/**
 * Which steps are done. A later step done counts the earlier ones done too: a person who posts through an account
 * someone else's organization owns has no organization of their own, and still needs none.
 */
export function stepsDone(facts: CreatorFacts): StepsDone {
  const own: StepsDone = {
    plan: facts.plan,
    organization: (facts.organizationIds?.length ?? 0) > 0,
    account: (facts.accounts?.length ?? 0) > 0,
    post: facts.hasPost === true,
  };
  const done = { ...own };
  for (let i = CREATOR_STEPS.length - 2; i >= 0; i--) {
    done[CREATOR_STEPS[i]!] ||= done[CREATOR_STEPS[i + 1]!];
  }
  return done;
}

/** The first step not done, or null once the person has posted. */
export function nextStep(done: StepsDone): CreatorStep | null {
  return CREATOR_STEPS.find((step) => !done[step]) ?? null;
}

/** Whether every fact a step's "done" depends on has arrived (a step is never shown undone only while loading). */
export const factsKnown = (facts: CreatorFacts): boolean =>
  facts.organizationIds !== undefined && facts.accounts !== undefined && facts.hasPost !== undefined;

/**
 * Where a step is taken: the screen that does it, with what is already chosen carried along (the only
 * organization, the newest approved account). Null for a first post while no account is approved yet: there is
 * nothing to tap until an administrator approves it.
 */
export function stepPath(step: CreatorStep, facts: CreatorFacts): string | null {
  switch (step) {
    case 'plan':
      return '/profile/plan';
    case 'organization':
      return '/create/organization';
    case 'account': {
      const ids = facts.organizationIds ?? [];
      // With one organization there is nothing to choose; with several, the choice comes first.
      return ids.length === 1 ? `/create/account?organization=${ids[0]}` : '/create';
    }
    case 'post': {
      const approved = (facts.accounts ?? []).filter((a) => a.approved);
      if (approved.length === 0) return null;
      return composePath(Math.max(...approved.map((a) => a.id)));
    }
  }
}

/** Compose, with the account to post as already chosen. */
export const composePath = (accountId: number) => `/compose?account=${accountId}`;
