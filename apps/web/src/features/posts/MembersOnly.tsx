import { lazy, Suspense } from 'react';
import type { MembersOnlyPartProps } from './membersOnlyParts';

/**
 * The door every post card carries, so it is a few lines (the post, account and home screens' budgets are
 * spent): a members-only post's parts and their messages download when the first one is drawn. Draw it only for
 * a post that is members-only (`post.min_tier`) or locked to me (`post.locked`).
 */
const Part = lazy(() => import('./membersOnlyParts'));

export function MembersOnly(props: MembersOnlyPartProps) {
  return (
    <Suspense>
      <Part {...props} />
    </Suspense>
  );
}
