import type { Payment, PaymentPurpose } from '@inkwell/contracts';

/**
 * Where a payer waits for a payment and reads its outcome, by what it pays for, when the screen that started it
 * named no other: a tip's is its account's page, which only that screen knows (a payment names the account by id).
 */
const OUTCOME_PAGES: Record<PaymentPurpose, string> = {
  plan: '/profile/plan/purchased',
  membership: '/profile/memberships',
  tip: '/profile/memberships',
};

/** The outcome page of a payment: `back` (a path of this site) or its purpose's, with the payment's id. */
export function outcomePath(payment: Pick<Payment, 'id' | 'purpose'>, back?: string | null): string {
  const page = back ?? OUTCOME_PAGES[payment.purpose];
  return `${page}${page.includes('?') ? '&' : '?'}payment=${payment.id}`;
}

/**
 * Sends the payer where the gateway wants them: its page, a posted form, our QR screen, or the sandbox. `back` is
 * the page that waits for the outcome when it is not the purpose's own (a tip's account page); the sandbox
 * checkout is told it too, to return there.
 */
export function followNextStep(payment: Payment, navigate: (to: string) => void, back?: string): void {
  const step = payment.next_step;
  if (!step || step.type === 'qr') return navigate(outcomePath(payment, back));
  if (step.type === 'sandbox')
    return navigate(`/checkout/sandbox/${payment.id}${back ? `?back=${encodeURIComponent(back)}` : ''}`);
  if (step.type === 'redirect') {
    window.location.assign(step.url);
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = step.action;
  for (const [name, value] of Object.entries(step.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
