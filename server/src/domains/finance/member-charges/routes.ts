import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FINANCE_EXPORT_FILES,
  id,
  memberCharge,
  memberChargeEditPayload,
  memberChargePayload,
  memberChargesCreated,
  memberPayment,
  paymentPayload,
} from 'shared-api/contract';
import { z } from 'zod';
import { errors, idParams as params, registerListRoutes } from '../../../core/resources/routes';
import { FINANCE_ACCESS, financeStaff as config } from '../access';
import { MEMBER_CHARGE_EXPORT_COLUMNS } from './export-columns';
import { CHARGE_SORT_KEYS } from './repository';

const tags = ['finanza: incasso soci'];
const paymentParams = z.object({ chargeId: id, paymentId: id });

/** /finance/member-charge (spec 002 §7): member charges, one per member chosen, and their payments. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { memberCharges } = app.services.finance;
  registerListRoutes(app, {
    tag: tags[0]!,
    noun: ['incasso socio', 'incassi soci'],
    access: FINANCE_ACCESS,
    item: memberCharge,
    sortKeys: CHARGE_SORT_KEYS,
    exportFile: { baseName: FINANCE_EXPORT_FILES.memberCharge, title: 'Incasso soci', columns: MEMBER_CHARGE_EXPORT_COLUMNS },
    service: memberCharges,
  });

  app.post(
    '',
    {
      config,
      schema: {
        tags,
        summary: 'Crea un incasso per ciascun socio scelto (al massimo 1000)',
        body: memberChargePayload,
        response: { 201: memberChargesCreated, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await memberCharges.create(request.body) }),
  );

  app.patch(
    '/:id',
    {
      config,
      schema: { tags, summary: 'Modifica un incasso socio', params, body: memberChargeEditPayload, response: { 200: memberCharge, ...errors } },
    },
    (request) => memberCharges.update(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { config, schema: { tags, summary: 'Elimina un incasso socio senza pagamenti', params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await memberCharges.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/payments',
    {
      config,
      schema: { tags, summary: 'I pagamenti di un incasso', params, response: { 200: z.object({ data: z.array(memberPayment) }), ...errors } },
    },
    async (request) => ({ data: await memberCharges.payments(request.params.id) }),
  );

  app.post(
    '/:id/payment',
    {
      config: { ...config, audit: 'payment' },
      schema: {
        tags,
        summary: 'Registra un pagamento (e la sua voce contabile)',
        params,
        body: paymentPayload,
        response: { 201: memberPayment, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await memberCharges.addPayment(request.params.id, request.body)),
  );

  app.patch(
    '/:chargeId/payment/:paymentId',
    {
      config,
      schema: {
        tags,
        summary: 'Modifica un pagamento (e la sua voce contabile)',
        params: paymentParams,
        body: paymentPayload,
        response: { 200: memberPayment, ...errors },
      },
    },
    (request) => memberCharges.editPayment(request.params.chargeId, request.params.paymentId, request.body),
  );

  app.delete(
    '/:chargeId/payment/:paymentId',
    {
      config,
      schema: { tags, summary: 'Annulla un pagamento (e la sua voce contabile)', params: paymentParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await memberCharges.removePayment(request.params.chargeId, request.params.paymentId);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
