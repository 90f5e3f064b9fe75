import { describe, expect, it } from 'vitest';
import { factsKnown, nextStep, stepPath, stepsDone, type CreatorFacts } from './creatorPath';

const newReader: CreatorFacts = { plan: false, organizationIds: [], accounts: [], hasPost: false };

describe('the steps from reader to first post', () => {
  it('starts a new reader at the plan, nothing ticked', () => {
    const done = stepsDone(newReader);
    expect(done).toEqual({ plan: false, organization: false, account: false, post: false });
    expect(nextStep(done)).toBe('plan');
    expect(stepPath('plan', newReader)).toBe('/profile/plan');
  });

  it('sends a reader with a plan and nothing else to create an organization', () => {
    const facts = { ...newReader, plan: true };
    expect(nextStep(stepsDone(facts))).toBe('organization');
    expect(stepPath('organization', facts)).toBe('/create/organization');
  });

  it('skips the organization for someone who has one, with that organization chosen', () => {
    const facts = { ...newReader, plan: true, organizationIds: [7] };
    const done = stepsDone(facts);
    expect(done).toMatchObject({ plan: true, organization: true, account: false });
    expect(nextStep(done)).toBe('account');
    expect(stepPath('account', facts)).toBe('/create/account?organization=7');
  });

  it('lets someone with several organizations choose one before the account', () => {
    const facts = { ...newReader, plan: true, organizationIds: [7, 9] };
    expect(stepPath('account', facts)).toBe('/create');
  });

  it('offers the first post as the newest approved account', () => {
    const facts: CreatorFacts = {
      plan: true,
      organizationIds: [7],
      accounts: [
        { id: 3, approved: true },
        { id: 12, approved: true },
        { id: 15, approved: false },
      ],
      hasPost: false,
    };
    expect(nextStep(stepsDone(facts))).toBe('post');
    expect(stepPath('post', facts)).toBe('/compose?account=12');
  });

  it('offers no first post while the only account waits for approval', () => {
    const facts = { ...newReader, plan: true, organizationIds: [7], accounts: [{ id: 3, approved: false }] };
    expect(nextStep(stepsDone(facts))).toBe('post');
    expect(stepPath('post', facts)).toBeNull();
  });

  it('counts earlier steps done once a later one is (an account in an organization someone else owns)', () => {
    const member: CreatorFacts = {
      plan: false,
      organizationIds: [],
      accounts: [{ id: 4, approved: true }],
      hasPost: false,
    };
    expect(stepsDone(member)).toEqual({ plan: true, organization: true, account: true, post: false });
    expect(nextStep(stepsDone({ ...member, hasPost: true }))).toBeNull();
  });

  it('knows the facts only once the organizations, accounts and posts have all arrived', () => {
    expect(factsKnown(newReader)).toBe(true);
    expect(factsKnown({ ...newReader, hasPost: undefined })).toBe(false);
    expect(factsKnown({ ...newReader, organizationIds: undefined })).toBe(false);
    // Unknown is not done: the steps never tick something not yet heard of.
    expect(stepsDone({ plan: true, organizationIds: undefined, accounts: undefined, hasPost: undefined })).toEqual({
      plan: true,
      organization: false,
      account: false,
      post: false,
    });
  });
});
