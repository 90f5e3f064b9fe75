import type { Locale } from '@inkwell/contracts';
import { t, type MessageKey } from '../i18n';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail's frame: simple inline-styled HTML that mail clients render alike. */
const layout = (locale: Locale, body: string): string =>
  `<!doctype html><html lang="${locale}"><body style="margin:0;padding:24px;background:#f4f5fb;font-family:Inter,'Noto Sans Myanmar','Noto Sans Thai',Arial,sans-serif;line-height:1.7;color:#1f2330">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:28px">
<p style="font-size:20px;font-weight:700;color:#3b4bc8;margin:0 0 16px">Inkwell</p>
${body}</div></body></html>`;

/** A plain, translated message with one call-to-action link, as text and as simple inline-styled HTML. */
function linkMail(
  locale: Locale,
  name: string,
  link: string,
  keys: { subject: MessageKey; intro: MessageKey; button: MessageKey; expiry: MessageKey },
  params: Record<string, string> = {},
): MailContent {
  const greeting = t(locale, 'mail.greeting', { name });
  const intro = t(locale, keys.intro, params);
  const expiry = t(locale, keys.expiry, params);
  const signature = t(locale, 'mail.signature');
  const text = [greeting, '', intro, link, '', expiry, '', signature].join('\n');
  const html = layout(
    locale,
    `<p>${escape(greeting)}</p><p>${escape(intro)}</p>
<p style="margin:24px 0"><a href="${escape(link)}" style="background:#4c5fd5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escape(t(locale, keys.button))}</a></p>
<p style="font-size:13px;color:#5c6070;word-break:break-all">${escape(link)}</p>
<p style="font-size:13px;color:#5c6070">${escape(expiry)}</p><p>${escape(signature)}</p>`,
  );
  return { subject: t(locale, keys.subject, params), text, html };
}

export const activationMail = (locale: Locale, name: string, link: string): MailContent =>
  linkMail(locale, name, link, {
    subject: 'mail.activation.subject',
    intro: 'mail.activation.intro',
    button: 'mail.activation.button',
    expiry: 'mail.activation.expiry',
  });

export const passwordResetMail = (locale: Locale, name: string, link: string): MailContent =>
  linkMail(locale, name, link, {
    subject: 'mail.reset.subject',
    intro: 'mail.reset.intro',
    button: 'mail.reset.button',
    expiry: 'mail.reset.expiry',
  });

/** A member's pass ends soon: one tap renews it (the link opens My memberships). */
export const membershipEndingMail = (
  locale: Locale,
  name: string,
  link: string,
  params: { account: string; tier: string; date: string },
): MailContent =>
  linkMail(
    locale,
    name,
    link,
    {
      subject: 'mail.membership_ending.subject',
      intro: 'mail.membership_ending.intro',
      button: 'mail.membership_ending.button',
      expiry: 'mail.membership_ending.note',
    },
    params,
  );

/** A notice with no link: the old address hears that the account's e-mail changed. */
export function emailChangedMail(locale: Locale, name: string, newEmail: string): MailContent {
  const greeting = t(locale, 'mail.greeting', { name });
  const intro = t(locale, 'mail.email_changed.intro', { email: newEmail });
  const advice = t(locale, 'mail.email_changed.advice');
  const signature = t(locale, 'mail.signature');
  const text = [greeting, '', intro, '', advice, '', signature].join('\n');
  const html = layout(locale, [greeting, intro, advice, signature].map((line) => `<p>${escape(line)}</p>`).join(''));
  return { subject: t(locale, 'mail.email_changed.subject'), text, html };
}

/**
 * Someone signed up with an address that already has an account: its owner hears of it, with the two ways
 * back in (sign in, or choose a new password). The links lead to the pages, not to a reset token: a stranger
 * causes this mail, and must not replace a reset link the owner may be waiting for.
 */
export function registerAttemptMail(
  locale: Locale,
  name: string,
  links: { signIn: string; resetPassword: string },
): MailContent {
  const greeting = t(locale, 'mail.greeting', { name });
  const intro = t(locale, 'mail.register_attempt.intro');
  const signIn = t(locale, 'mail.register_attempt.sign_in');
  const reset = t(locale, 'mail.register_attempt.reset');
  const advice = t(locale, 'mail.register_attempt.advice');
  const signature = t(locale, 'mail.signature');
  const text = [
    greeting,
    '',
    intro,
    '',
    signIn,
    links.signIn,
    '',
    reset,
    links.resetPassword,
    '',
    advice,
    '',
    signature,
  ].join('\n');
  const button = (href: string, label: string) =>
    `<p style="margin:12px 0 24px"><a href="${escape(href)}" style="background:#4c5fd5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escape(label)}</a></p>`;
  const html = layout(
    locale,
    `<p>${escape(greeting)}</p><p>${escape(intro)}</p>
<p>${escape(signIn)}</p>${button(links.signIn, t(locale, 'mail.register_attempt.sign_in_button'))}
<p>${escape(reset)}</p>${button(links.resetPassword, t(locale, 'mail.register_attempt.reset_button'))}
<p style="font-size:13px;color:#5c6070">${escape(advice)}</p><p>${escape(signature)}</p>`,
  );
  return { subject: t(locale, 'mail.register_attempt.subject'), text, html };
}
