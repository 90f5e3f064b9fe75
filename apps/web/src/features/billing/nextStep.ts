import type { Payment } from '@inkwell/contracts';

/** Sends the payer where the gateway wants them: its page, a posted form, our QR screen, or the sandbox. */
export function followNextStep(payment: Payment, navigate: (to: string) => void): void {
  const step = payment.next_step;
  const waiting = `/profile/plan/purchased?payment=${payment.id}`;
  if (!step || step.type === 'qr') return navigate(waiting);
  if (step.type === 'sandbox') return navigate(`/checkout/sandbox/${payment.id}`);
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
