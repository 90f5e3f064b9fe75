import { lazy, Suspense } from 'react';
import { useTiers } from '../memberships/api';
import type { AudienceFieldProps } from './AudienceField';

/**
 * The choice loads only for an account with tiers (most have none, and compose has no room), and its messages
 * with its first drawing.
 */
const Field = lazy(() => import('./AudienceField'));

/**
 * Who can read the post being written or edited: everyone, or the members of one of the account's tiers and those
 * above it. Nothing at all for an account without tiers (its posts are public).
 */
export function Audience({ accountId, ...props }: Omit<AudienceFieldProps, 'tiers'> & { accountId: number }) {
  const tiers = useTiers(accountId).data?.data ?? [];
  if (tiers.length === 0) return null;
  return (
    <Suspense>
      <Field tiers={tiers} {...props} />
    </Suspense>
  );
}
