import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, profile, updateMeBody } from 'shared-api/contract';
import { currentUser } from '../../core/plugins/session';

const tags = ['profilo'];

/** GET and PATCH /user/me: a member reads their profile and changes only phone and e-mail. */
const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profile: profiles } = app.services.account;

  app.get(
    '/me',
    { config: { access: 'signed-in' }, schema: { tags, summary: "Il profilo dell'utente", response: { 200: profile, 404: errorBody } } },
    (request) => profiles.get(currentUser(request).id),
  );

  app.patch(
    '/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Modifica telefono ed email (l'email solo dopo la verifica della password attuale)",
        body: updateMeBody,
        response: { 200: profile, 400: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    (request) => profiles.updateContacts(currentUser(request), request.body),
  );
};

export default meRoutes;
