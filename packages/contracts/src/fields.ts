import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from './constants';

/**
 * Field rules shared by every form that takes them. Custom messages are message keys the server translates
 * (`validation.*`); the built-in checks (required, min, max) are translated from the issue code.
 */
export const Name = z.string().trim().min(1).max(NAME_MAX_LENGTH);

export const Username = z
  .string()
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN_LENGTH)
  .max(USERNAME_MAX_LENGTH)
  .regex(USERNAME_PATTERN, { error: 'validation.username_format' });

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ error: 'validation.email' }));

export const NewPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/** A stored file's public URL: an absolute http(s) URL or a path under `/uploads/`. */
export const MediaUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) =>
      /^https?:\/\/\S+$/i.test(v) ||
      /^\/uploads\/[A-Za-z0-9._/-]+$/.test(v) ||
      // A members-only post's file as its people were shown it (a signed address); stored as its plain URL.
      /^\/api\/media\/locked\/[A-Za-z0-9._~-]+(\?[A-Za-z0-9=&_.-]*)?$/.test(v),
    { error: 'validation.url' },
  );

/** Adds the "confirmation matches" rule under `password`, where the spec shows password errors. */
export const withConfirmation = <
  T extends z.ZodObject<{ password: z.ZodType<string>; password_confirmation: z.ZodType<string> }>,
>(
  schema: T,
) =>
  schema.refine((v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation, {
    // On the field that is wrong: the confirmation turns red, not the password the person meant.
    path: ['password_confirmation'],
    error: 'validation.password_confirmed',
    // Run even when another field failed, so every error shows at once.
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | undefined;
      return typeof v?.password === 'string' && typeof v?.password_confirmation === 'string';
    },
  });

/** The earliest date of birth taken: older is a typo, and PostgreSQL has no year 0. */
export const DOB_MIN = '1900-01-01';

/** A real calendar date `YYYY-MM-DD` (no 31 February) from 1900 to today, or null to clear it. */
export const Dob = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalid' })
  .refine(
    (v) => {
      const time = Date.parse(v);
      return (
        !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v && v >= DOB_MIN && time < Date.now()
      );
    },
    { error: 'validation.invalid' },
  )
  .nullable();
