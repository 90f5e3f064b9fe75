import { z } from 'zod';
import { Timestamp, dataOf } from './common';
import { endpoint } from './endpoint';

export const OutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(['queued', 'sent', 'logged', 'failed']),
  created_at: Timestamp,
});
export type OutboxMail = z.infer<typeof OutboxMail>;

export const systemApi = {
  devMailbox: endpoint({
    method: 'GET',
    path: '/dev/mailbox',
    query: z.object({ to: z.string().trim().max(254).optional() }),
    response: dataOf(z.array(OutboxMail)),
    summary: 'The last 50 e-mails the server wrote (outside production only)',
    tags: ['Development'],
  }),
} as const;
