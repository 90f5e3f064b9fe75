import { isLocale } from '@inkwell/contracts';
import type { AppContext } from '../../platform/context';
import type { Subscriber } from '../../platform/events';
import { emailChangedMail } from '../../platform/mail/templates';
import { findUserWithRole } from './users.repo';

export function usersSubscribers(ctx: AppContext): { 'user.email_changed': Subscriber<'user.email_changed'>[] } {
  return {
    /** The old address hears that the sign-in e-mail changed, so a takeover cannot go unnoticed. */
    'user.email_changed': [
      async function tellOldAddress(event) {
        const row = await findUserWithRole(ctx.db, event.user_id);
        if (!row) return;
        const locale = isLocale(row.user.locale) ? row.user.locale : 'en';
        await ctx.mail.send(event.old_email, emailChangedMail(locale, row.user.name, event.new_email));
      },
    ],
  };
}
