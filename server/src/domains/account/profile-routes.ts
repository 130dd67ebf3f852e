import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, profile, updateMeBody } from 'shared-api/contract';
import { currentUser } from '../../core/plugins/session';
import { DomainError } from '../../core/errors';

const tags = ['profilo'];

/** GET and PATCH /user/me: a member reads their profile and changes only phone and e-mail. */
const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.services.registry;

  /** The registry's record with the medical status the certificates domain computes (the same SQL every list reads). */
  const profileOf = async (id: string) => {
    const me = await users.profile(id);
    if (!me) throw new DomainError('USER_NOT_FOUND');
    const medical = await app.services.certificates.certificates.medicalOf(id);
    return { ...me, medical_certificate_status: medical.status, medical_certificate_expiration_date: medical.expiry };
  };

  app.get(
    '/me',
    { config: { access: 'signed-in' }, schema: { tags, summary: "Il profilo dell'utente", response: { 200: profile, 404: errorBody } } },
    (request) => profileOf(currentUser(request).id),
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
    async (request) => {
      const me = currentUser(request);
      await app.services.account.auth.updateContacts(me, request.body);
      return profileOf(me.id);
    },
  );
};

export default meRoutes;
