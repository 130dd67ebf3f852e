/**
 * The shell's forms validate with the contract's schemas, loaded on the first validation: the public pages are
 * the first the portal shows and carry no zod (shared-api/src/index.ts), and the profile and the terms gate
 * load theirs only when used.
 */
import type { LoginForm, NewPasswordForm } from 'shared-api';
import { contractResolver } from 'shared-ui';

export const loginResolver = () => contractResolver<LoginForm>((c) => c.loginForm);

export const forgotPasswordResolver = () => contractResolver<{ email: string }>((c) => c.forgotPasswordBody);

export const newPasswordResolver = (withConsent: boolean) =>
  contractResolver<NewPasswordForm>((c) => (withConsent ? c.registrationForm : c.newPasswordForm));
