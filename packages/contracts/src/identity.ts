import { z } from 'zod';
import { PlanSummary, SubscriptionSummary } from './billing';
import { IdParams, MessageResponse, Timestamp, dataOf } from './common';
import { DEVICE_NAME_MAX_LENGTH, LOCALES, PASSWORD_MAX_LENGTH } from './constants';
import { endpoint } from './endpoint';
import { Email, MediaUrl, Name, NewPassword, Username, withConfirmation } from './fields';
import { PERMISSIONS } from './roles';

export const SocialLogin = z.object({
  provider: z.string(),
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

const tags = ['Identity'] as const;

export const identityApi = {
  register: endpoint({
    method: 'POST',
    path: '/register',
    body: RegisterBody,
    response: MessageResponse,
    status: 201,
    summary: 'Register with e-mail and password; sends the activation e-mail',
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
  me: endpoint({
    method: 'GET',
    path: '/user',
    response: dataOf(SessionUser),
    summary: 'The signed-in user',
    tags,
  }),
  updateUser: endpoint({
    method: 'PUT',
    path: '/users/:id',
    params: IdParams,
    body: UpdateUserBody,
    response: MessageResponse.extend({ data: SessionUser }),
    summary: 'Update a profile (your own; administrators any)',
    tags,
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/user/password',
    body: ChangePasswordBody,
    response: MessageResponse,
    summary: 'Change the password; signs out every other device',
    tags,
  }),
  devices: endpoint({
    method: 'GET',
    path: '/user/devices',
    response: dataOf(z.array(Device)),
    summary: 'Signed-in devices',
    tags,
  }),
  revokeDevice: endpoint({
    method: 'DELETE',
    path: '/user/devices/:id',
    params: IdParams,
    response: null,
    status: 204,
    summary: 'Sign a device out',
    tags,
  }),
} as const;
