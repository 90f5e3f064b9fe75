import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { SafetyPartProps } from './safetyParts';

/**
 * The door every post, account and person page carries, so it is a few lines (the post page's budget is spent):
 * the parts and their messages download when one is first drawn. Draw one only when it is wanted (a dialog once
 * asked for, a state once it holds).
 */
const parts = () => import('./safetyParts');
const Part = lazy(async () => {
  const loaded = await parts();
  // Its messages before its first drawing, so it draws at once.
  await loaded.loadSafetyMessages();
  return { default: loaded.SafetyPart };
});

export function Safety(props: SafetyPartProps) {
  return (
    <Suspense>
      <Part {...props} />
    </Suspense>
  );
}

/** Mutes an account at once (no question: a toast offers Undo). */
export async function muteAccount(client: QueryClient, account: { id: number; name: string }): Promise<void> {
  await (await parts()).muteWithUndo(client, account);
}
