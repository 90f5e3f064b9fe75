import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CreatorSteps } from '../../components/CreatorSteps';
import type { Account } from '@inkwell/contracts';
import {
  composePath,
  factsKnown,
  nextStep,
  stepPath,
  stepsDone,
  type CreatorFacts,
  type CreatorStep,
  type StepsDone,
} from '../../lib/creatorPath';
import { useSession } from '../../session/session';
import { useMyOrganizations } from '../organizations/api';
import { useFeed } from '../posts/api';
import { useMyAccounts } from './api';

export interface CreatorPath {
  facts: CreatorFacts;
  done: StepsDone;
  next: CreatorStep | null;
  known: boolean;
  /** Whether the steps belong on screen: the person has not posted yet (hidden while that is still unknown to
   * someone who already has an account, who is seldom on the path, so the steps do not flash up and go). */
  show: boolean;
}

/**
 * Where the signed-in person stands on the way to a first post, from their plan (the session), their
 * organizations, accounts and posts (the lists the app already asks for, shared with the screens that show them).
 * `justDone` is a step the screen itself has just seen finished, before the session says so.
 */
export function useCreatorPath(justDone?: CreatorStep): CreatorPath {
  const user = useSession()?.user;
  const organizations = useMyOrganizations();
  const accounts = useMyAccounts();
  const posts = useFeed('mine');
  const facts: CreatorFacts = {
    plan: Boolean(user?.create_account) || justDone === 'plan',
    organizationIds: organizations.data?.data.map((o) => o.id),
    accounts: accounts.data?.data.map((a) => ({ id: a.id, approved: a.approved_status === 'approved' })),
    hasPost: posts.data ? posts.data.pages.some((p) => p.data.length > 0) : undefined,
  };
  const done = stepsDone(facts);
  if (justDone) done[justDone] = true;
  const next = nextStep(done);
  const known = factsKnown(facts);
  const show = known ? next !== null : !user?.has_account;
  return { facts, done, next, known, show };
}

/** The steps, on a screen of the path; `current` is the step the screen takes. */
export function CreatorPathSteps({ current, mb }: { current: CreatorStep; mb?: 'md' }) {
  const path = useCreatorPath();
  if (!path.show) return null;
  return <CreatorSteps done={path.done} current={current} mb={mb} />;
}

/**
 * What comes next, once a step is done: the steps, the next one said in words, and the button that takes it.
 * Nothing once the person has posted.
 */
export function CreatorNextStep({ justDone, mb }: { justDone?: CreatorStep; mb?: 'md' }) {
  const { t } = useTranslation();
  const path = useCreatorPath(justDone);
  const headingId = useId();
  if (!path.known || !path.next) return null;
  const to = stepPath(path.next, path.facts);
  return (
    <Card withBorder radius="lg" padding="md" mb={mb} component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <CreatorSteps done={path.done} current={path.next} />
        <div>
          <Title order={2} fz="h4" id={headingId}>
            {t(`creators.path.next_${path.next}_title`)}
          </Title>
          <Text c="dimmed" mt={4}>
            {to ? t(`creators.path.next_${path.next}_body`) : t('creators.path.next_post_waiting')}
          </Text>
        </div>
        {to && (
          <Button component={Link} to={to} size="lg">
            {t(`creators.path.next_${path.next}_action`)}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The owner's offer on their own empty account page: write the first post as this account. Only while they have
 * posted nothing at all (an empty tab of a creator who has posts elsewhere says nothing more), and only once the
 * account is approved, as compose offers nothing else.
 */
export function WriteFirstPost({ account }: { account: Account }) {
  const { t } = useTranslation();
  const path = useCreatorPath();
  if (!path.known || path.done.post || account.approved_status !== 'approved') return null;
  return (
    <Button component={Link} to={composePath(account.id)}>
      {t('creators.path.next_post_action')}
    </Button>
  );
}
