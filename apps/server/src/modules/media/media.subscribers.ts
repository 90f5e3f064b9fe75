import { notificationsChannel } from '@inkwell/contracts';
import type { AppContext } from '../../platform/context';
import type { Subscriber } from '../../platform/events';

/**
 * Realtime: an upload's progress and end go to its uploader's private channel only (signed for them alone by
 * `POST /broadcasting/auth`), so nobody else learns of another person's files.
 */
export function mediaSubscribers(ctx: AppContext): { 'media.progressed': Subscriber<'media.progressed'>[] } {
  return {
    'media.progressed': [
      (event) => {
        ctx.realtime.emit(notificationsChannel(event.user_id), 'MediaStatusChanged', {
          file: event.file_id,
          status: event.status,
          progress: event.progress,
        });
      },
    ],
  };
}
