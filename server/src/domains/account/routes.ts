import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptTermsBody,
  errorBody,
  forgotPasswordBody,
  forgotPasswordResponse,
  loginBody,
  loginResponse,
  meResponse,
  statusResponse,
  tokenPasswordBody,
  tokenPasswordResponse,
  updatePasswordBody,
  updatePasswordResponse,
  verifyPasswordBody,
  verifyPasswordResponse,
} from 'shared-api/contract';
import { FORGOT_PASSWORD_MESSAGE, toSessionUser } from './service';
import { clearSessionCookie, currentUser, setSessionCookie } from '../../core/plugins/session';

const tags = ['auth'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };

/** /auth: open calls (sign-in, e-mailed links), then the signed-in user's own password and terms. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services.account;

  app.get(
    '/me',
    { config: { access: 'public' }, schema: { tags, summary: 'Utente della sessione (null se anonimo)', response: { 200: meResponse } } },
    async (request) => ({
      user: request.user ? toSessionUser(request.user) : null,
      club_time_zone: app.config.clubTimezone,
    }),
  );

  app.post(
    '/login',
    {
      // A failed sign-in answers 401 and its throttles' counts must stay (core/plugins/unit-of-work).
      config: { access: 'public', commitRefusals: true },
      schema: { tags, summary: 'Accesso con email e password', body: loginBody, response: { 200: loginResponse, ...errors } },
    },
    async (request, reply) => {
      const { user, token } = await auth.login(request.body.email, request.body.password, request.ip);
      setSessionCookie(request, reply, token);
      return { user };
    },
  );

  app.post(
    '/logout',
    { config: { access: 'public' }, schema: { tags, summary: 'Uscita: la sessione termina', response: { 200: statusResponse } } },
    async (request, reply) => {
      if (request.user) await auth.logout(request.user);
      clearSessionCookie(request, reply);
      return { status: 'success' as const };
    },
  );

  app.post(
    '/forgotpassword',
    {
      config: { access: 'public', commitRefusals: true },
      schema: {
        tags,
        summary: 'Invia il link per reimpostare la password (stessa risposta per indirizzi sconosciuti)',
        body: forgotPasswordBody,
        response: { 200: forgotPasswordResponse, ...errors },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email, request.ip);
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/password-reset',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Nuova password dal link di reset', body: tokenPasswordBody, response: { 200: tokenPasswordResponse, ...errors } },
    },
    async (request) => ({
      email: await auth.setPasswordWithToken('reset', request.body.userId, request.body.token, request.body.password),
    }),
  );

  app.post(
    '/complete-registration',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Password scelta dal link di invito', body: tokenPasswordBody, response: { 200: tokenPasswordResponse, ...errors } },
    },
    async (request) => ({
      email: await auth.setPasswordWithToken('invitation', request.body.userId, request.body.token, request.body.password),
    }),
  );

  await app.register(accountRoutes);
};

/** The signed-in user's own password and terms. */
const accountRoutes: FastifyPluginAsyncZod = async (account) => {
  const { auth } = account.services.account;

  account.post(
    '/verifypassword',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Verifica la password attuale', body: verifyPasswordBody, response: { 200: verifyPasswordResponse, ...errors } },
    },
    async (request) => ({ correct: await auth.verifyPassword(currentUser(request), request.body.password, request.ip) }),
  );

  account.patch(
    '/updatepassword/me',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Nuova password', body: updatePasswordBody, response: { 200: updatePasswordResponse, ...errors } },
    },
    async (request) => {
      await auth.updatePassword(currentUser(request), request.body.newPassword);
      return { status: 'success' as const };
    },
  );

  account.post(
    '/accept-terms',
    {
      config: { access: 'signed-in', termsExempt: true },
      schema: { tags, summary: 'Accetta informativa privacy e regolamento', body: acceptTermsBody, response: { 200: statusResponse, ...errors } },
    },
    async (request) => {
      await auth.acceptTerms(currentUser(request).id);
      return { status: 'success' as const };
    },
  );
};

export default authRoutes;
