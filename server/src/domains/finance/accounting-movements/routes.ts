import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FINANCE_EXPORT_FILES,
  accountingEntry,
  accountingEntryEditPayload,
  accountingEntryPayload,
  complexAccountingEntryPayload,
  exportFormat,
  trialBalance,
  trialBalanceQuery,
} from 'shared-api/contract';
import { z } from 'zod';
import { buildExport } from '../../../core/export/exporter';
import { exportResponse, sendExportFile } from '../../../core/export/reply';
import { sendStoredFile } from '../../../core/files/download';
import { MAX_FILE_BYTES } from '../../../core/files/policy';
import { fileResponse } from '../../../core/plugins/openapi';
import { errors, idParams as params, registerListRoutes } from '../../../core/resources/routes';
import { FINANCE_ACCESS, financeStaff as config } from '../access';
import { ACCOUNTING_ENTRY_EXPORT_COLUMNS, TRIAL_BALANCE_EXPORT_COLUMNS } from './export-columns';
import { ENTRY_SORT_KEYS } from './repository';

const tags = ['finanza: movimenti contabili'];
/** Accounting entries take one attachment (field `attachment`), 5 MB (spec 002 §5). */
const withAttachment = { ...config, multipart: { maxFileBytes: MAX_FILE_BYTES, files: 1 } };

/** /finance/accounting-entry (spec 002 §7): the accounting movements, newest first, with their attachment. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { accountingMovements: movements } = app.services.finance;
  registerListRoutes(app, {
    tag: tags[0]!,
    noun: ['voce contabile', 'voci contabili'],
    access: FINANCE_ACCESS,
    item: accountingEntry,
    sortKeys: ENTRY_SORT_KEYS,
    exportFile: { baseName: FINANCE_EXPORT_FILES.accountingEntry, title: 'Movimenti contabili', columns: ACCOUNTING_ENTRY_EXPORT_COLUMNS },
    service: movements,
  });

  app.post(
    '',
    {
      config: { ...withAttachment, audit: 'entry' },
      schema: {
        tags,
        summary: 'Crea una voce contabile (JSON, o multipart con il file nel campo attachment)',
        body: accountingEntryPayload,
        response: { 201: accountingEntry, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await movements.createSingle(request.body, request.uploads)),
  );

  app.post(
    '/complex',
    {
      config: { ...withAttachment, audit: 'entry' },
      schema: {
        tags,
        summary: 'Crea una voce contabile con più righe (items; in multipart una stringa JSON)',
        body: complexAccountingEntryPayload,
        response: { 201: accountingEntry, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await movements.createComplex(request.body, request.uploads)),
  );

  app.patch(
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
    (request) => movements.update(request.params.id, request.body, request.uploads),
  );

  app.delete(
    '/:id',
    {
      config,
      schema: { tags, summary: 'Elimina una voce contabile (non quelle registrate da un pagamento)', params, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await movements.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/attachment',
    {
      config,
      schema: {
        tags,
        summary: "Scarica l'allegato di una voce contabile",
        params,
        response: { 200: fileResponse("L'allegato, come file"), ...errors },
      },
    },
    async (request, reply) => sendStoredFile(reply, app.services.files, await movements.attachment(request.params.id)),
  );
};

/** /finance/trial-balance: the fiscal year's debits and credits of every subaccount moved, and its download. */
export const trialBalanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accountingMovements: movements } = app.services.finance;
  const balanceTags = ['finanza: bilancio di verifica'];
  app.get(
    '',
    {
      config,
      schema: {
        tags: balanceTags,
        summary: "Bilancio di verifica dell'anno fiscale: dare e avere di ogni sottoconto",
        querystring: trialBalanceQuery,
        response: { 200: trialBalance, ...errors },
      },
    },
    (request) => movements.trialBalance(request.query.fiscal_year),
  );

  app.get(
    '/export',
    {
      config,
      schema: {
        tags: balanceTags,
        summary: 'Scarica il bilancio di verifica (csv, xlsx, pdf)',
        querystring: trialBalanceQuery.extend({ format: exportFormat }),
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { fiscal_year, format } = request.query;
      const balance = await movements.trialBalance(fiscal_year);
      const file = await buildExport({
        format,
        baseName: `${FINANCE_EXPORT_FILES.trialBalance}-${fiscal_year}`,
        title: `Bilancio di verifica ${fiscal_year}`,
        columns: TRIAL_BALANCE_EXPORT_COLUMNS,
        rows: balance.data,
        timeZone: app.config.clubTimezone,
      });
      return sendExportFile(reply, file);
    },
  );
};

export default routes;
