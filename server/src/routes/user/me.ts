import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, profile, updateMeBody } from '../../contract';
import { currentUser } from '../../plugins/session';
import { conflict, isUniqueViolation, notFound } from '../../services/common/http-error';
import { EMAIL_TAKEN_MESSAGE } from '../../services/users/registry';

const tags = ['profilo'];

/** GET and PATCH /user/me: a member reads their profile and changes only phone and e-mail. */
const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.services;

  app.get('/me', { schema: { tags, summary: 'Il profilo dell\'utente', response: { 200: profile, 404: errorBody } } }, async (request) => {
    const me = await users.profile(currentUser(request).id);
    if (!me) throw notFound('Utente non trovato');
    return me;
  });

  app.patch(
    '/me',
    { schema: { tags, summary: 'Modifica telefono ed email', body: updateMeBody, response: { 200: profile, 400: errorBody, 409: errorBody } } },
    async (request) => {
      const { id } = currentUser(request);
      const { phone_number, email } = request.body;
      if (email && (await users.emailTaken(email, id))) throw conflict(EMAIL_TAKEN_MESSAGE);
      try {
        await users.update(id, { ...(phone_number !== undefined ? { phone_number } : {}), ...(email !== undefined ? { email } : {}) });
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_key')) throw conflict(EMAIL_TAKEN_MESSAGE);
        throw err;
      }
      return (await users.profile(id))!;
    },
  );
};

export default meRoutes;
