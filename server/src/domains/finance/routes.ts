import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FINANCE_EXPORT_KEYS,
  account,
  accountPayload,
  accountingEntry,
  accountingEntryEditPayload,
  accountingEntryPayload,
  businessEntity,
  businessEntityPayload,
  complexAccountingEntryPayload,
  errorBody,
  exportFormat,
  id,
  incomeCategory,
  incomeCategoryPayload,
  listQuery,
  listResponse,
  memberCharge,
  memberChargeEditPayload,
  memberChargePayload,
  memberChargesCreated,
  memberPayment,
  myPaymentsQuery,
  myPaymentsResponse,
  paymentPayload,
  selfCertification,
  selfCertificationPayload,
  selfCertificationPdfQuery,
  subaccount,
  subaccountEditPayload,
  subaccountPayload,
  subaccountsCreated,
  trialBalance,
  trialBalanceQuery,
} from 'shared-api/contract';
import { z } from 'zod';
import { attachment } from '../../core/content-disposition';
import { type ExportColumn, buildExport } from '../../core/export/exporter';
import { exportResponse, sendExportFile } from '../../core/export/reply';
import { sendStoredFile } from '../../core/files/download';
import { MAX_FILE_BYTES } from '../../core/files/policy';
import type { ListRequest } from '../../core/list';
import { fileResponse } from '../../core/plugins/openapi';
import { currentUser } from '../../core/plugins/session';
import { type ResourceService, registerResourceRoutes } from '../../core/resources/routes';
import { ACCOUNT_SORT_KEYS, INCOME_CATEGORY_SORT_KEYS, SUBACCOUNT_SORT_KEYS } from './chart/repository';
import { CHARGE_SORT_KEYS } from './charges/repository';
import { BUSINESS_ENTITY_SORT_KEYS, SELF_CERTIFICATION_SORT_KEYS } from './entities/repository';
import {
  ACCOUNTING_ENTRY_EXPORT_COLUMNS,
  ACCOUNT_EXPORT_COLUMNS,
  BUSINESS_ENTITY_EXPORT_COLUMNS,
  INCOME_CATEGORY_EXPORT_COLUMNS,
  MEMBER_CHARGE_EXPORT_COLUMNS,
  SELF_CERTIFICATION_EXPORT_COLUMNS,
  SUBACCOUNT_EXPORT_COLUMNS,
  TRIAL_BALANCE_EXPORT_COLUMNS,
} from './export-columns';
import { ENTRY_SORT_KEYS } from './ledger/repository';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const staff = { access: ['finance_access'] } as const;
/** Accounting entries take one attachment (field `attachment`), 5 MB (spec 002 §5). */
const withAttachment = { ...staff, multipart: { maxFileBytes: MAX_FILE_BYTES, files: 1 } };
const params = z.object({ id });
type AnyList = ListRequest<string>;

/** A paged list, its download and GET /:id of a resource whose writes are not the six standard routes. */
function listRoutes<T extends z.ZodTypeAny, K extends readonly [string, ...string[]]>(
  app: FastifyInstance,
  spec: {
    tag: string;
    noun: readonly [string, string];
    item: T;
    sortKeys: K;
    exportFile: { baseName: string; title: string; columns: ExportColumn<z.infer<T>>[] };
    list: (request: AnyList) => Promise<{ data: z.infer<T>[]; meta: unknown }>;
    listAll: (request: Omit<AnyList, 'page' | 'limit'>) => Promise<z.infer<T>[]>;
    get: (id: string) => Promise<z.infer<T>>;
    defaultOrder?: 'asc' | 'desc';
  },
) {
  const tags = [spec.tag];
  const query = listQuery.extend({
    sortBy: z.enum(spec.sortKeys).optional(),
    limit: z.coerce.number().int().min(0).max(5000).default(10),
    order: z.enum(['asc', 'desc']).default(spec.defaultOrder ?? 'asc'),
  });
  const exportQuery = query.omit({ page: true, limit: true }).extend({ format: exportFormat });
  app.get(
    '',
    { config: staff, schema: { tags, summary: `Elenco ${spec.noun[1]}`, querystring: query, response: { 200: listResponse(spec.item), ...errors } } },
    (request) => spec.list(request.query as AnyList),
  );
  app.get(
    '/export',
    {
      config: staff,
      schema: {
        tags,
        summary: `Scarica l'elenco ${spec.noun[1]} (csv, xlsx, pdf)`,
        querystring: exportQuery,
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query as AnyList & { format: z.infer<typeof exportFormat> };
      const file = await buildExport({ format, ...spec.exportFile, rows: await spec.listAll(filter), timeZone: app.config.clubTimezone });
      return sendExportFile(reply, file);
    },
  );
  app.get(
    '/:id',
    { config: staff, schema: { tags, summary: `Dettaglio ${spec.noun[0]}`, params, response: { 200: spec.item, ...errors } } },
    (request) => spec.get((request.params as { id: string }).id),
  );
}

/** /finance (spec 002 §7): the chart of accounts, member charges and payments, customers and suppliers, self-certifications, the books. */
const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chart, charges, entities, ledger } = app.services.finance;

  await app.register(
    async (r) => {
      const service: ResourceService<z.infer<typeof account>, z.infer<typeof accountPayload>> = {
        list: (q) => chart.listAccounts(q as ListRequest<(typeof ACCOUNT_SORT_KEYS)[number]>),
        listAll: (q) => chart.listAllAccounts(q as Omit<ListRequest<(typeof ACCOUNT_SORT_KEYS)[number]>, 'page' | 'limit'>),
        get: (x) => chart.getAccount(x),
        create: (p) => chart.createAccount(p),
        update: (x, p) => chart.updateAccount(x, p),
        remove: (x) => chart.removeAccount(x),
      };
      registerResourceRoutes(r, {
        tag: 'finanza: conti',
        noun: ['conto', 'conti'],
        access: staff.access,
        item: account,
        payload: accountPayload,
        sortKeys: ACCOUNT_SORT_KEYS,
        maxLimit: 5000,
        exportFile: { baseName: FINANCE_EXPORT_KEYS.account, title: 'Conti', columns: ACCOUNT_EXPORT_COLUMNS },
        service,
      });
    },
    { prefix: '/account' },
  );

  await app.register(
    async (r: FastifyInstance) => {
      const tags = ['finanza: sottoconti'];
      listRoutes(r, {
        tag: tags[0]!,
        noun: ['sottoconto', 'sottoconti'],
        item: subaccount,
        sortKeys: SUBACCOUNT_SORT_KEYS,
        exportFile: { baseName: FINANCE_EXPORT_KEYS.subaccount, title: 'Sottoconti', columns: SUBACCOUNT_EXPORT_COLUMNS },
        list: (q) => chart.listSubaccounts(q as ListRequest<(typeof SUBACCOUNT_SORT_KEYS)[number]>),
        listAll: (q) => chart.listAllSubaccounts(q as Omit<ListRequest<(typeof SUBACCOUNT_SORT_KEYS)[number]>, 'page' | 'limit'>),
        get: (x) => chart.getSubaccount(x),
      });
      r.post(
        '',
        {
          config: staff,
          schema: {
            tags,
            summary: 'Crea un sottoconto sotto ciascun conto padre scelto (al massimo 2)',
            body: subaccountPayload,
            response: { 201: subaccountsCreated, ...errors },
          },
        },
        async (request, reply) => reply.code(201).send({ data: await chart.createSubaccounts(request.body as z.infer<typeof subaccountPayload>) }),
      );
      r.patch(
        '/:id',
        {
          config: staff,
          schema: { tags, summary: 'Modifica un sottoconto', params, body: subaccountEditPayload, response: { 200: subaccount, ...errors } },
        },
        (request) => chart.updateSubaccount((request.params as { id: string }).id, request.body as z.infer<typeof subaccountEditPayload>),
      );
      r.delete(
        '/:id',
        { config: staff, schema: { tags, summary: 'Elimina un sottoconto', params, response: { 204: z.null(), ...errors } } },
        async (request, reply) => {
          await chart.removeSubaccount((request.params as { id: string }).id);
          return reply.code(204).send(null);
        },
      );
    },
    { prefix: '/subaccount' },
  );

  await app.register(
    async (r) => {
      const service: ResourceService<z.infer<typeof incomeCategory>, z.infer<typeof incomeCategoryPayload>> = {
        list: (q) => chart.listCategories(q as ListRequest<(typeof INCOME_CATEGORY_SORT_KEYS)[number]>),
        listAll: (q) => chart.listAllCategories(q as Omit<ListRequest<(typeof INCOME_CATEGORY_SORT_KEYS)[number]>, 'page' | 'limit'>),
        get: (x) => chart.getCategory(x),
        create: (p) => chart.createCategory(p),
        update: (x, p) => chart.updateCategory(x, p),
        remove: (x) => chart.removeCategory(x),
      };
      registerResourceRoutes(r, {
        tag: 'finanza: categorie di entrata',
        noun: ['categoria di entrata', 'categorie di entrata'],
        access: staff.access,
        item: incomeCategory,
        payload: incomeCategoryPayload,
        sortKeys: INCOME_CATEGORY_SORT_KEYS,
        maxLimit: 5000,
        exportFile: { baseName: FINANCE_EXPORT_KEYS.incomeCategory, title: 'Categorie di entrata', columns: INCOME_CATEGORY_EXPORT_COLUMNS },
        service,
      });
    },
    { prefix: '/income-category' },
  );

  await app.register(
    async (r: FastifyInstance) => {
      const tags = ['finanza: incasso soci'];
      listRoutes(r, {
        tag: tags[0]!,
        noun: ['incasso socio', 'incassi soci'],
        item: memberCharge,
        sortKeys: CHARGE_SORT_KEYS,
        exportFile: { baseName: FINANCE_EXPORT_KEYS.memberCharge, title: 'Incasso soci', columns: MEMBER_CHARGE_EXPORT_COLUMNS },
        list: (q) => charges.list(q as ListRequest<(typeof CHARGE_SORT_KEYS)[number]>),
        listAll: (q) => charges.listAll(q as Omit<ListRequest<(typeof CHARGE_SORT_KEYS)[number]>, 'page' | 'limit'>),
        get: (x) => charges.get(x),
      });
      r.post(
        '',
        {
          config: staff,
          schema: {
            tags,
            summary: 'Crea un incasso per ciascun socio scelto (al massimo 1000)',
            body: memberChargePayload,
            response: { 201: memberChargesCreated, ...errors },
          },
        },
        async (request, reply) => reply.code(201).send({ data: await charges.create(request.body as z.infer<typeof memberChargePayload>) }),
      );
      r.patch(
        '/:id',
        {
          config: staff,
          schema: { tags, summary: 'Modifica un incasso socio', params, body: memberChargeEditPayload, response: { 200: memberCharge, ...errors } },
        },
        (request) => charges.update((request.params as { id: string }).id, request.body as z.infer<typeof memberChargeEditPayload>),
      );
      r.delete(
        '/:id',
        { config: staff, schema: { tags, summary: 'Elimina un incasso socio senza pagamenti', params, response: { 204: z.null(), ...errors } } },
        async (request, reply) => {
          await charges.remove((request.params as { id: string }).id);
          return reply.code(204).send(null);
        },
      );
      r.get(
        '/:id/payments',
        {
          config: staff,
          schema: { tags, summary: 'I pagamenti di un incasso', params, response: { 200: z.object({ data: z.array(memberPayment) }), ...errors } },
        },
        async (request) => ({ data: await charges.payments((request.params as { id: string }).id) }),
      );
      r.post(
        '/:id/payment',
        {
          config: staff,
          schema: {
            tags,
            summary: 'Registra un pagamento (e la sua voce contabile)',
            params,
            body: paymentPayload,
            response: { 201: memberPayment, ...errors },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await charges.addPayment((request.params as { id: string }).id, request.body as z.infer<typeof paymentPayload>)),
      );
      const paymentParams = z.object({ chargeId: id, paymentId: id });
      r.patch(
        '/:chargeId/payment/:paymentId',
        {
          config: staff,
          schema: {
            tags,
            summary: 'Modifica un pagamento (e la sua voce contabile)',
            params: paymentParams,
            body: paymentPayload,
            response: { 200: memberPayment, ...errors },
          },
        },
        (request) => {
          const p = request.params as z.infer<typeof paymentParams>;
          return charges.editPayment(p.chargeId, p.paymentId, request.body as z.infer<typeof paymentPayload>);
        },
      );
      r.delete(
        '/:chargeId/payment/:paymentId',
        {
          config: staff,
          schema: { tags, summary: 'Annulla un pagamento (e la sua voce contabile)', params: paymentParams, response: { 204: z.null(), ...errors } },
        },
        async (request, reply) => {
          const p = request.params as z.infer<typeof paymentParams>;
          await charges.removePayment(p.chargeId, p.paymentId);
          return reply.code(204).send(null);
        },
      );
    },
    { prefix: '/member-charge' },
  );

  await app.register(
    async (r) => {
      const service: ResourceService<z.infer<typeof businessEntity>, z.infer<typeof businessEntityPayload>> = {
        list: (q) => entities.listEntities(q as ListRequest<(typeof BUSINESS_ENTITY_SORT_KEYS)[number]>),
        listAll: (q) => entities.listAllEntities(q as Omit<ListRequest<(typeof BUSINESS_ENTITY_SORT_KEYS)[number]>, 'page' | 'limit'>),
        get: (x) => entities.getEntity(x),
        create: (p) => entities.createEntity(p),
        update: (x, p) => entities.updateEntity(x, p),
        remove: (x) => entities.removeEntity(x),
      };
      registerResourceRoutes(r, {
        tag: 'finanza: fornitori e clienti',
        noun: ['entità commerciale', 'entità commerciali'],
        access: staff.access,
        item: businessEntity,
        payload: businessEntityPayload,
        sortKeys: BUSINESS_ENTITY_SORT_KEYS,
        maxLimit: 5000,
        exportFile: {
          baseName: FINANCE_EXPORT_KEYS.businessEntity,
          title: 'Anagrafica fornitori e clienti',
          columns: BUSINESS_ENTITY_EXPORT_COLUMNS,
        },
        service,
      });
    },
    { prefix: '/business-entity' },
  );

  await app.register(
    async (r: FastifyInstance) => {
      const tags = ['finanza: autocertificazioni'];
      listRoutes(r, {
        tag: tags[0]!,
        noun: ['autocertificazione', 'autocertificazioni'],
        item: selfCertification,
        sortKeys: SELF_CERTIFICATION_SORT_KEYS,
        exportFile: { baseName: FINANCE_EXPORT_KEYS.selfCertification, title: 'Autocertificazioni', columns: SELF_CERTIFICATION_EXPORT_COLUMNS },
        list: (q) => entities.listCertifications(q as ListRequest<(typeof SELF_CERTIFICATION_SORT_KEYS)[number]>),
        listAll: (q) => entities.listAllCertifications(q as Omit<ListRequest<(typeof SELF_CERTIFICATION_SORT_KEYS)[number]>, 'page' | 'limit'>),
        get: (x) => entities.getCertification(x),
      });
      r.post(
        '',
        {
          config: staff,
          schema: { tags, summary: "Crea un'autocertificazione", body: selfCertificationPayload, response: { 201: selfCertification, ...errors } },
        },
        async (request, reply) => reply.code(201).send(await entities.createCertification(request.body as z.infer<typeof selfCertificationPayload>)),
      );
      r.delete(
        '/:id',
        { config: staff, schema: { tags, summary: "Elimina un'autocertificazione", params, response: { 204: z.null(), ...errors } } },
        async (request, reply) => {
          await entities.removeCertification((request.params as { id: string }).id);
          return reply.code(204).send(null);
        },
      );
      r.get(
        '/:id/pdf',
        {
          config: staff,
          schema: {
            tags,
            summary: "L'autocertificazione in PDF (showTotals: con il totale dell'anno)",
            params,
            querystring: selfCertificationPdfQuery,
            response: { 200: fileResponse('Il PDF, come allegato', ['application/pdf']), ...errors },
          },
        },
        async (request, reply) => {
          const { body, fileName } = await entities.certificationPdf(
            (request.params as { id: string }).id,
            (request.query as z.infer<typeof selfCertificationPdfQuery>).showTotals,
          );
          return reply.type('application/pdf').header('content-disposition', attachment(fileName)).header('cache-control', 'no-store').send(body);
        },
      );
    },
    { prefix: '/self-certification' },
  );

  await app.register(
    async (r: FastifyInstance) => {
      const tags = ['finanza: movimenti contabili'];
      listRoutes(r, {
        tag: tags[0]!,
        noun: ['voce contabile', 'voci contabili'],
        item: accountingEntry,
        sortKeys: ENTRY_SORT_KEYS,
        // Spec 002 §2: the movements are sorted by fiscal year, descending, by default.
        defaultOrder: 'desc',
        exportFile: { baseName: FINANCE_EXPORT_KEYS.accountingEntry, title: 'Movimenti contabili', columns: ACCOUNTING_ENTRY_EXPORT_COLUMNS },
        list: (q) => ledger.list(q as ListRequest<(typeof ENTRY_SORT_KEYS)[number]>),
        listAll: (q) => ledger.listAll(q as Omit<ListRequest<(typeof ENTRY_SORT_KEYS)[number]>, 'page' | 'limit'>),
        get: (x) => ledger.get(x),
      });
      r.post(
        '',
        {
          config: withAttachment,
          schema: {
            tags,
            summary: 'Crea una voce contabile (JSON, o multipart con il file nel campo attachment)',
            body: accountingEntryPayload,
            response: { 201: accountingEntry, ...errors },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await ledger.createSingle(request.body as z.infer<typeof accountingEntryPayload>, request.uploads)),
      );
      r.post(
        '/complex',
        {
          config: withAttachment,
          schema: {
            tags,
            summary: 'Crea una voce contabile con più righe (items; in multipart una stringa JSON)',
            body: complexAccountingEntryPayload,
            response: { 201: accountingEntry, ...errors },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await ledger.createComplex(request.body as z.infer<typeof complexAccountingEntryPayload>, request.uploads)),
      );
      r.patch(
        '/:id',
        {
          config: withAttachment,
          schema: {
            tags,
            summary: 'Modifica una voce contabile (non quelle registrate da un pagamento)',
            params,
            body: accountingEntryEditPayload,
            response: { 200: accountingEntry, ...errors },
          },
        },
        (request) =>
          ledger.update((request.params as { id: string }).id, request.body as z.infer<typeof accountingEntryEditPayload>, request.uploads),
      );
      r.delete(
        '/:id',
        {
          config: staff,
          schema: {
            tags,
            summary: 'Elimina una voce contabile (non quelle registrate da un pagamento)',
            params,
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          await ledger.remove((request.params as { id: string }).id);
          return reply.code(204).send(null);
        },
      );
      r.get(
        '/:id/attachment',
        {
          config: staff,
          schema: {
            tags,
            summary: "Scarica l'allegato di una voce contabile",
            params,
            response: { 200: fileResponse("L'allegato, come file"), ...errors },
          },
        },
        async (request, reply) => sendStoredFile(reply, app.services.files, await ledger.attachment((request.params as { id: string }).id)),
      );
    },
    { prefix: '/accounting-entry' },
  );

  await app.register(
    async (r) => {
      const tags = ['finanza: bilancio di verifica'];
      r.get(
        '',
        {
          config: staff,
          schema: {
            tags,
            summary: "Bilancio di verifica dell'anno fiscale: dare e avere di ogni sottoconto",
            querystring: trialBalanceQuery,
            response: { 200: trialBalance, ...errors },
          },
        },
        (request) => ledger.trialBalance((request.query as z.infer<typeof trialBalanceQuery>).fiscal_year),
      );
      r.get(
        '/export',
        {
          config: staff,
          schema: {
            tags,
            summary: 'Scarica il bilancio di verifica (csv, xlsx, pdf)',
            querystring: trialBalanceQuery.extend({ format: exportFormat }),
            response: { 200: exportResponse, ...errors },
          },
        },
        async (request, reply) => {
          const { fiscal_year, format } = request.query as z.infer<typeof trialBalanceQuery> & { format: z.infer<typeof exportFormat> };
          const balance = await ledger.trialBalance(fiscal_year);
          const file = await buildExport({
            format,
            baseName: `${FINANCE_EXPORT_KEYS.trialBalance}-${fiscal_year}`,
            title: `Bilancio di verifica ${fiscal_year}`,
            columns: TRIAL_BALANCE_EXPORT_COLUMNS,
            rows: balance.data,
            timeZone: app.config.clubTimezone,
          });
          return sendExportFile(reply, file);
        },
      );
    },
    { prefix: '/trial-balance' },
  );
};

/** GET /user/me/payments?type=incoming|made|pending (spec 000 §2.9, §7): a member reads only their own. */
const myPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/payments',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['finanza: i miei pagamenti'],
        summary: 'I pagamenti del socio: ricevuti, effettuati, in sospeso (con le coordinate bancarie del circolo)',
        querystring: myPaymentsQuery,
        response: { 200: myPaymentsResponse, ...errors },
      },
    },
    (request) => app.services.finance.charges.mine(currentUser(request).id, request.query.type),
  );
};

const routes: FastifyPluginAsync = async (app) => {
  await app.register(financeRoutes, { prefix: '/finance' });
  await app.register(myPaymentsRoutes, { prefix: '/user' });
};

export default routes;
