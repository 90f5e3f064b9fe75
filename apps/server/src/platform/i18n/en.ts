/** Server messages in English; `my.ts` and `th.ts` must carry the same keys (the compiler checks). */
export const en = {
  'errors.validation': 'Please check the highlighted fields.',
  'errors.bad_request': 'The request could not be read.',
  'errors.unauthenticated': 'Please sign in to continue.',
  'errors.forbidden': 'You are not allowed to do this.',
  'errors.not_found': 'We could not find what you asked for.',
  'errors.route_not_found': 'There is no such address in the API.',
  'errors.conflict': 'This conflicts with the current state. Refresh and try again.',
  'errors.payload_too_large': 'This is too large to upload.',
  'errors.unsupported_media_type': 'This type of file or content is not supported.',
  'errors.rate_limited': 'Too many attempts. Please try again in {seconds} seconds.',
  'errors.internal': 'Something went wrong on our side. Please try again in a moment.',
  'errors.unavailable': 'The service is starting or stopping. Please try again in a moment.',

  'validation.required': 'This field is required.',
  'validation.string_min': 'Must be at least {min} characters.',
  'validation.string_max': 'Must be at most {max} characters.',
  'validation.number_min': 'Must be at least {min}.',
  'validation.number_max': 'Must be at most {max}.',
  'validation.array_min': 'Choose at least {min}.',
  'validation.array_max': 'Choose at most {max}.',
  'validation.invalid': 'This value is not valid.',
  'validation.invalid_type': 'This value has the wrong type.',
  'validation.in': 'Choose one of the offered options.',
  'validation.email': 'Enter a valid e-mail address.',
  'validation.url': 'Enter a valid link (http:// or https://).',
  'validation.username_format': 'Use only lowercase letters a–z, digits, underscores and dots.',
  'validation.username_taken': 'This username is already taken.',
  'validation.email_taken': 'An account with this e-mail address already exists.',
  'validation.password_confirmed': 'The password confirmation does not match.',
  'validation.password_common': 'This password is too common. Choose one that is harder to guess.',
  'validation.current_password': 'The current password is not correct.',
  'validation.token_invalid': 'This link is not valid or has expired. Ask for a new one.',

  'auth.failed': 'These credentials do not match our records.',
  'auth.not_activated': 'Please activate your account first: open the link we sent to your e-mail address.',
  'auth.registered': 'Thanks for signing up! Check your inbox and open the link we sent to activate your account.',
  'auth.registration_closed': 'Registration is closed on this site.',
  'auth.activated': 'Your account is active. You can sign in now.',
  'auth.already_activated': 'Your account is already active. You can sign in.',
  'auth.activation_resent':
    'If an account with that e-mail address is waiting for activation, we have sent a new link.',
  'auth.reset_link_sent': 'If an account with that e-mail address exists, we have sent a link to reset the password.',
  'auth.password_reset': 'Your password has been reset. You can sign in now.',
  'auth.password_changed': 'Your password has been changed. Your other devices have been signed out.',
  'users.updated': 'Your profile has been updated.',

  'pagination.previous': '« Previous',
  'pagination.next': 'Next »',

  'mail.greeting': 'Hello {name},',
  'mail.signature': '— The Inkwell team',
  'mail.activation.subject': 'Activate your Inkwell account',
  'mail.activation.intro': 'Thanks for joining Inkwell. Open this link to activate your account:',
  'mail.activation.button': 'Activate my account',
  'mail.activation.expiry': 'The link works once and expires in 24 hours.',
  'mail.reset.subject': 'Reset your Inkwell password',
  'mail.reset.intro':
    'Someone asked to reset the password of your Inkwell account. Open this link to choose a new one:',
  'mail.reset.button': 'Choose a new password',
  'mail.reset.expiry':
    'The link works once and expires in 60 minutes. If you did not ask for this, ignore this e-mail.',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
