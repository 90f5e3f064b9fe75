import { z } from 'zod';
import { PlanSummary, SubscriptionSummary } from './billing';
import { MessageResponse, Timestamp, dataOf } from './common';
import { DEVICE_NAME_MAX_LENGTH, LOCALES, PASSWORD_MAX_LENGTH } from './constants';
import { endpoint } from './endpoint';
import { Email, MediaUrl, Name, NewPassword, Username, withConfirmation } from './fields';
import { PERMISSIONS, type Permission } from './permissions';

/** The social sign-in providers Inkwell knows; each is offered only when its OAuth client is configured. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'facebook', 'x'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const isSocialProvider = (value: unknown): value is SocialProvider =>
  (SOCIAL_PROVIDERS as readonly unknown[]).includes(value);

/** Any name is accepted here so an unknown provider answers 404 (not 422), like an unconfigured one. */
export const ProviderParams = z.object({ provider: z.string().trim().toLowerCase().max(20) });

export const SocialLogin = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  provider_id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  avatar_url: z.string().nullable(),
  created_at: Timestamp,
});
export type SocialLogin = z.infer<typeof SocialLogin>;

/** The signed-in user as `/user` and login return it. */
export const SessionUser = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  profile_url: z.string().nullable(),
  dob: z.string().nullable(),
  locale: z.enum(LOCALES),
  /** The seeded roles (`user`, `admin`, `root`) or one made in the admin area: shown, never checked. */
  role_name: z.string(),
  /** What the person may do as an administrator (from their role; root holds every permission). */
  permissions: z.array(z.enum(PERMISSIONS)),
  can_compose: z.boolean(),
  create_account: z.boolean(),
  has_account: z.boolean(),
  logins: z.array(SocialLogin),
  plan: PlanSummary.nullable(),
  active_plan: PlanSummary.nullable(),
  active_subscription: SubscriptionSummary.nullable(),
  subscriptions: z.array(SubscriptionSummary),
  email_verified_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type SessionUser = z.infer<typeof SessionUser>;

/** The spec's Session entity, as the web app keeps it in local storage (apps/web/src/session/session.ts). */
export interface StoredSession {
  id: number;
  userId: number;
  name: string;
  username: string;
  email: string;
  token: string;
  authenticated: true;
  role: string;
  /** What the person may do as an administrator; the web shows admin routes and entries from it, never the role. */
  permissions: Permission[];
  profile_url: string | null;
  can_compose: boolean;
  active_subscription: SubscriptionSummary | null;
  user: SessionUser;
}

/** A signed-in user's session: the web app stores it, and the bench stores one to measure signed-in pages. */
export function storedSession(token: string, user: SessionUser): StoredSession {
  return {
    id: user.id,
    userId: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    token,
    authenticated: true,
    role: user.role_name,
    permissions: user.permissions,
    profile_url: user.profile_url,
    can_compose: user.can_compose,
    active_subscription: user.active_subscription,
    user,
  };
}

export const RegisterBody = withConfirmation(
  z.object({
    name: Name,
    username: Username,
    email: Email,
    password: NewPassword,
    password_confirmation: z.string(),
  }),
);
export type RegisterBody = z.input<typeof RegisterBody>;

export const LoginBody = z.object({
  email: z.string().trim().toLowerCase().min(1),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  device_name: z.string().trim().min(1).max(DEVICE_NAME_MAX_LENGTH),
});
export type LoginBody = z.input<typeof LoginBody>;

export const LoginResponse = z.object({ token: z.string(), user: SessionUser });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const TokenBody = z.object({ token: z.string().trim().min(1).max(200) });
export const EmailBody = z.object({ email: Email });

export const ResetPasswordBody = withConfirmation(
  z.object({
    token: z.string().trim().min(1).max(200),
    email: Email,
    password: NewPassword,
    password_confirmation: z.string(),
  }),
);
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;

export const ChangePasswordBody = withConfirmation(
  z.object({
    current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    password: NewPassword,
    password_confirmation: z.string(),
  }),
);
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

export const UpdateUserBody = z.object({
  name: Name,
  username: Username,
  profile_url: MediaUrl.nullable().optional(),
  locale: z.enum(LOCALES).optional(),
  /** Only administrators may change these; ignored for everyone else. */
  email: z.unknown().optional(),
  dob: z.unknown().optional(),
});
export type UpdateUserBody = z.input<typeof UpdateUserBody>;

export const Device = z.object({
  id: z.number().int(),
  device_name: z.string(),
  updated_at: Timestamp,
  current: z.boolean(),
  /** When the device is signed out if it is not used again (ACCESS_TOKEN_IDLE_DAYS after its last use). */
  idle_expires_at: Timestamp,
  /** When the device is signed out however much it is used (ACCESS_TOKEN_MAX_AGE_DAYS after the sign-in). */
  expires_at: Timestamp,
});
export type Device = z.infer<typeof Device>;

/** What the provider sent back to `PUBLIC_URL/auth/{provider}`, passed on by the web page. */
export const SocialCallbackQuery = z.object({
  code: z.string().trim().min(1).max(2048).optional(),
  state: z.string().trim().max(512).optional(),
  device_name: z.string().trim().min(1).max(DEVICE_NAME_MAX_LENGTH),
  /** The provider's refusal (`access_denied` when the person declined), instead of a code. */
  error: z.string().trim().max(200).optional(),
  error_description: z.string().trim().max(1000).optional(),
});
export type SocialCallbackQuery = z.input<typeof SocialCallbackQuery>;

/**
 * A sign-in answers like password login (`token`, `user`). Connecting a provider while signed in keeps the
 * current device's token, so it answers the updated user alone (`connected: true`, no token).
 */
export const SocialCallbackResponse = z.object({
  token: z.string().optional(),
  user: SessionUser,
  connected: z.boolean(),
});
export type SocialCallbackResponse = z.infer<typeof SocialCallbackResponse>;

const tags = ['Identity'] as const;

export const identityApi = {
  register: endpoint({
    method: 'POST',
    path: '/register',
    body: RegisterBody,
    response: MessageResponse,
    status: 201,
    summary:
      'Register with e-mail and password; sends the activation e-mail. An address that has an account gets the same answer, and its owner a mail instead',
    tags,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/email/verify',
    body: TokenBody,
    response: MessageResponse,
    summary: 'Activate the account with the token from the activation e-mail',
    tags,
  }),
  resendActivation: endpoint({
    method: 'POST',
    path: '/email/resend',
    body: EmailBody,
    response: MessageResponse,
    summary: 'Send the activation e-mail again (same answer whether or not the e-mail exists)',
    tags,
  }),
  login: endpoint({
    method: 'POST',
    path: '/login',
    body: LoginBody,
    response: LoginResponse,
    summary: 'Sign in; returns a token for this device',
    tags,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/logout',
    response: null,
    status: 204,
    summary: 'Sign out: revokes the current token',
    tags,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/password/forgot',
    body: EmailBody,
    response: MessageResponse,
    summary: 'Send a password reset link (same answer whether or not the e-mail exists)',
    tags,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/password/reset',
    body: ResetPasswordBody,
    response: MessageResponse,
    summary: 'Set a new password with the token from the reset e-mail',
    tags,
  }),
  socialProviders: endpoint({
    method: 'GET',
    path: '/auth/providers',
    response: dataOf(z.array(z.enum(SOCIAL_PROVIDERS))),
    summary: 'The social sign-in providers configured on this server',
    tags,
  }),
  socialAuthorize: endpoint({
    method: 'GET',
    path: '/auth/:provider',
    params: ProviderParams,
    response: dataOf(z.string()),
    summary:
      "The provider's authorization URL; binds state and PKCE verifier (and, when signed in, the person to connect) to this browser with a 10-minute cookie",
    tags,
  }),
  socialCallback: endpoint({
    method: 'GET',
    path: '/auth/:provider/callback',
    params: ProviderParams,
    query: SocialCallbackQuery,
    response: SocialCallbackResponse,
    summary: 'Finish a provider sign-in (or connection) with the code and state the provider returned',
    tags,
  }),
  socialLogins: endpoint({
    method: 'GET',
    path: '/user/logins',
    response: dataOf(z.array(SocialLogin)),
    summary: 'My connected social logins',
    tags,
  }),
  disconnectSocial: endpoint({
    method: 'DELETE',
    path: '/user/logins/:provider',
    params: ProviderParams,
    response: null,
    status: 204,
    summary: 'Disconnect a social login (refused when it is the only way to sign in)',
    tags,
  }),
} as const;
