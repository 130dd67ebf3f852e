import { z } from 'zod';
import { email, id, password, permission, REQUIRED } from './common';

export const loginBody = z.object({ email, password: z.string().min(1, REQUIRED) });
export type LoginBody = z.infer<typeof loginBody>;

/**
 * The sign-in form (spec 000 §2.3): the password field keeps the password input's own rule (spec 000 §5,
 * at least 8 characters), which the server does not repeat for a login.
 */
export const loginForm = loginBody.extend({ password });
export type LoginForm = z.input<typeof loginForm>;

export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** Body of POST /auth/password-reset and POST /auth/complete-registration. */
export const tokenPasswordBody = z.object({ userId: id, token: z.string().min(1).max(200), password });
export type TokenPasswordBody = z.infer<typeof tokenPasswordBody>;
/** Both answer the user's e-mail so the page can sign in with it (spec 002 §7). */
export const tokenPasswordResponse = z.object({ email: z.string() });

/**
 * The set-password and registration forms (spec 000 §5, 002 §5): a new password, its confirmation and, on
 * registration, the privacy consent. That the two passwords match is each page's own rule and message.
 */
export const newPasswordForm = z.object({ password, confirm: z.string().min(1, REQUIRED), consent: z.boolean() });
export const registrationForm = newPasswordForm.extend({ consent: z.literal(true, { message: REQUIRED }) });
export type NewPasswordForm = z.input<typeof newPasswordForm>;

export const verifyPasswordBody = z.object({ password: z.string().min(1) });
export const verifyPasswordResponse = z.object({ correct: z.boolean() });

export const updatePasswordBody = z.object({ newPassword: password });
export const updatePasswordResponse = z.object({ status: z.literal('success') });

export const acceptTermsBody = z.object({
  privacy_policy: z.literal(true, { message: "Devi accettare l'informativa sulla privacy" }),
  regulations: z.literal(true, { message: 'Devi accettare il regolamento' }),
});
export type AcceptTermsBody = z.infer<typeof acceptTermsBody>;

/** The terms gate (spec 002 §4): both boxes are required fields of its form. */
export const acceptTermsForm = z.object({
  privacy_policy: z.literal(true, { message: REQUIRED }),
  regulations: z.literal(true, { message: REQUIRED }),
});

/** 'Conferma la tua password' and the check step of 'Modifica password': the current password, not blank. */
export const currentPasswordForm = z.object({ password: z.string().trim().min(1, REQUIRED) });

/**
 * The new-password step of 'Modifica password' (spec 000 §2.7, §5): the new password (the contract's rule) and
 * the same again; a mismatch, or a repetition missing, says PASSWORD_MISMATCH on the repetition.
 */
export const PASSWORD_MISMATCH = 'Le password non coincidono, riprova';
export const changePasswordForm = z
  .object({ newPassword: z.string(), repeatPassword: z.string() })
  .superRefine(({ newPassword, repeatPassword }, ctx) => {
    if (!newPassword || !repeatPassword || newPassword !== repeatPassword) {
      ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: PASSWORD_MISMATCH });
      if (!newPassword) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: REQUIRED });
      return;
    }
    const checked = updatePasswordBody.shape.newPassword.safeParse(newPassword);
    if (!checked.success) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: checked.error.issues[0]?.message ?? REQUIRED });
  });

/** The signed-in user as /auth/me and /auth/login answer it. */
export const sessionUser = z.object({
  _id: id,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  has_accepted_terms: z.boolean(),
  permissions: z.array(permission),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** club_time_zone: the server's CLUB_TIMEZONE, so the portal shows instants on the club's clock. */
export const meResponse = z.object({ user: sessionUser.nullable(), club_time_zone: z.string().optional() });
export const loginResponse = z.object({ user: sessionUser });
