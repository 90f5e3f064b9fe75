import { notificationsChannel, type RealtimeEvent } from '@inkwell/contracts';
import { useEffect, useRef } from 'react';
import { useChannel } from '../../api/realtime';
import { useSession } from '../../session/session';
import { useLatest } from '../../lib/useLatest';

type Heard = RealtimeEvent<'MediaStatusChanged'>;

/**
 * The transcode of the person's upload as the server pushes it on their private channel (only they can join
 * it): `onProgress` with each new percentage, `askNow` when it is processed or failed (the poll then asks
 * for the URL at once instead of at its next interval). Listens from the moment the upload starts (`active`),
 * since a short file can be done before the upload's own answer has named it (`file`); what was heard for a
 * file until then is replayed once it is named. Also `askNow` after a reconnect: something may have been
 * missed. Without a connection nothing is heard and the poll alone carries on.
 */
export function useMediaLive(
  active: boolean,
  file: string | null,
  onProgress: (progress: number) => void,
  askNow: () => void,
): void {
  const session = useSession();
  const latest = useLatest({ file, onProgress, askNow });
  const early = useRef(new Map<string, Heard>());

  const apply = (event: Heard) => {
    if (event.status === 'processing') latest.current.onProgress(event.progress);
    else latest.current.askNow();
  };

  useChannel(
    active && session ? notificationsChannel(session.id) : null,
    'MediaStatusChanged',
    (event) => {
      if (latest.current.file === event.file) apply(event);
      else if (latest.current.file === null) early.current.set(event.file, event);
    },
    () => {
      if (latest.current.file) latest.current.askNow();
    },
    { live: true },
  );

  useEffect(() => {
    if (!file) return;
    const heard = early.current.get(file);
    early.current.clear();
    if (heard) apply(heard);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `apply` reads the latest callbacks; only a newly named file matters
  }, [file]);

  useEffect(() => {
    if (!active) early.current.clear();
  }, [active]);
}
