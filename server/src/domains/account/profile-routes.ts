import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, profile, updateMeBody } from 'shared-api/contract';
import { currentUser } from '../../core/plugins/session';
import { DomainError } from '../../core/errors';

const tags = ['profilo'];

/** GET and PATCH /user/me: a member reads their profile and changes only phone and e-mail. */
const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.services.registry;

  app.get('/me', { config: { access: 'signed-in' }, schema: { tags, summary: 'Il profilo dell\'utente', response: { 200: profile, 404: errorBody } } }, async (request) => {
    const me = await users.profile(currentUser(request).id);
    if (!me) throw new DomainError('USER_NOT_FOUND');
    return me;
  });

  app.patch(
    '/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Modifica telefono ed email (l\'email solo dopo la verifica della password attuale)',
        body: updateMeBody,
        response: { 200: profile, 400: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request) => app.services.account.auth.updateContacts(currentUser(request), request.body),
  );
};

export default meRoutes;
