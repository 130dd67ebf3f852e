/**
 * The auth forms validate with the contract's schemas, loaded on the first submit: the public pages are the
 * first the portal shows and carry no zod (shared-api/src/index.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { LoginForm, NewPasswordForm } from 'shared-api';
import { formResolver, lazyResolver } from 'shared-ui';

const contract = () => import('shared-api/contract');

export const loginResolver = () => lazyResolver<LoginForm>(() => contract().then((c) => formResolver(zodResolver(c.loginForm))));

export const forgotPasswordResolver = () =>
  lazyResolver<{ email: string }>(() => contract().then((c) => formResolver(zodResolver(c.forgotPasswordBody))));

export const newPasswordResolver = (withConsent: boolean) =>
  lazyResolver<NewPasswordForm>(() => contract().then((c) => formResolver(zodResolver(withConsent ? c.registrationForm : c.newPasswordForm))));
