import { useSyncExternalStore } from 'react';
import { currentLocale } from '../i18n';
import { getDrawnAt } from '../lib/drawnAt';
import { relativeTime } from '../lib/relativeTime';

const unchanging = () => () => {};

/**
 * "5m ago" in the reader's language, in a `<time>`. A page the server drew says it as the server did (its clock,
 * dates in UTC: it does not know the reader's zone), so hydration keeps the markup; React then redraws it from
 * the device's clock and zone, as it draws it everywhere else.
 */
export function RelativeTime({ value }: { value: string }) {
  const hydrating = useSyncExternalStore(
    unchanging,
    () => false,
    () => true,
  );
  const drawnAt = getDrawnAt();
  const text =
    hydrating && drawnAt !== null
      ? relativeTime(value, currentLocale(), new Date(drawnAt), 'UTC')
      : relativeTime(value, currentLocale());
  return <time dateTime={value}>{text}</time>;
}
