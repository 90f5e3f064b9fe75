import { defineModule } from '../module';

/**
 * Mail is the platform's (`ctx.mail`), not a feature's: any module writes a mail to the outbox with
 * `ctx.mail.send`, and this job delivers it. Listed with the modules at the composition root like any other.
 */
export const mailModule = defineModule({
  jobs: (ctx) => ({ 'mail.send': ({ outboxId }) => ctx.mail.deliver(outboxId) }),
});
