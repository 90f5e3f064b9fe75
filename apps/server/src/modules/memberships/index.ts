/**
 * The memberships module's face: readers paying creators — tiers, prepaid passes and tips. Payments, their
 * callbacks and the ledger are billing's; a confirmed payment reaches this module as `payment.paid`.
 */
import { defineModule } from '../../platform/module';
import { createGateways } from '../billing';
import { joinMembersRoom, leaveMembersRoom } from '../chats';
import { membershipsRoutes } from './memberships.routes';
import { expireMemberships, membershipsQueues } from './memberships.jobs';
import { applyMembershipPayment, endRefundedMembership, mailEndingReminder } from './memberships.service';

export const membershipsModule = defineModule({
  routes(app, ctx) {
    membershipsRoutes(app, ctx, createGateways(ctx.config, ctx.appSecret));
  },
  queues: membershipsQueues,
  jobs: (ctx) => ({ 'memberships.expire': () => expireMemberships(ctx) }),
  subscribers: (ctx) => ({
    'payment.paid': [
      async (event) => {
        if (event.purpose === 'membership') await applyMembershipPayment(ctx, event.payment_id);
      },
    ],
    // The in-app and push notices are the notifications module's; the reminder also goes by e-mail.
    'membership.ending': [(event) => mailEndingReminder(ctx, event.membership_id)],
    'payment.refunded': [
      async (event) => {
        if (event.membership_id) await endRefundedMembership(ctx, event.membership_id);
      },
    ],
    'payout.decided': [],
    // The account's members' room follows the pass.
    'membership.started': [(event) => joinMembersRoom(ctx, event.account_id, event.user_id).then(() => undefined)],
    'membership.ended': [(event) => leaveMembersRoom(ctx, event.account_id, event.user_id)],
  }),
});
