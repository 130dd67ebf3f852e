import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FINANCE_EXPORT_FILES, subaccount, subaccountEditPayload, subaccountPayload, subaccountsCreated } from 'shared-api/contract';
import { z } from 'zod';
import { errors, idParams as params, registerListRoutes } from '../../../core/resources/routes';
import { FINANCE_ACCESS, financeStaff as config } from '../access';
import { SUBACCOUNT_EXPORT_COLUMNS } from './export-columns';
import { SUBACCOUNT_SORT_KEYS } from './repository';

const tags = ['finanza: sottoconti'];

/** /finance/subaccount (spec 002 §7): a subaccount is created under up to two parent accounts at once. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { subaccounts } = app.services.finance;
  registerListRoutes(app, {
    tag: tags[0]!,
    noun: ['sottoconto', 'sottoconti'],
    access: FINANCE_ACCESS,
    item: subaccount,
    sortKeys: SUBACCOUNT_SORT_KEYS,
    exportFile: { baseName: FINANCE_EXPORT_FILES.subaccount, title: 'Sottoconti', columns: SUBACCOUNT_EXPORT_COLUMNS },
    service: subaccounts,
  });

  app.post(
    '',
    {
      config,
      schema: {
        tags,
        summary: 'Crea un sottoconto sotto ciascun conto padre scelto (al massimo 2)',
        body: subaccountPayload,
        response: { 201: subaccountsCreated, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await subaccounts.create(request.body) }),
  );

  app.patch(
    '/:id',
    { config, schema: { tags, summary: 'Modifica un sottoconto', params, body: subaccountEditPayload, response: { 200: subaccount, ...errors } } },
    (request) => subaccounts.update(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { config, schema: { tags, summary: 'Elimina un sottoconto', params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await subaccounts.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
