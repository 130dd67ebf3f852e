import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STATISTICS_PATHS,
  errorBody,
  freeSessionsList,
  freeSessionsQueries,
  freeSessionsSummary,
  playedSessionsList,
  playedSessionsQueries,
  playedSessionsSummary,
  statisticsSummaryQuery,
  tableWeeksList,
  tableWeeksQueries,
} from 'shared-api/contract';
import { buildExport } from '../../../core/export/exporter';
import { exportResponse, sendExportFile } from '../../../core/export/reply';
import { FREE_SESSIONS_EXPORT_COLUMNS, PLAYED_SESSIONS_EXPORT_COLUMNS, TABLE_WEEKS_EXPORT_COLUMNS } from './export-columns';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const access = { access: ['statistics_access'] } as const;
const tags = ['statistiche'];

/** GET /statistics/table-weeks and its download (issue 42): check-in per table and week. */
const tableWeeksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { statistics } = app.services.booking;
  const timeZone = app.config.clubTimezone;
  const weeks = STATISTICS_PATHS.tableWeeks;
  app.get(
    weeks,
    {
      config: access,
      schema: {
        tags,
        summary: 'Presenze per tavolo e settimana: turni prenotati, giocati, liberati e non presentati',
        querystring: tableWeeksQueries.list,
        response: { 200: tableWeeksList, ...errors },
      },
    },
    (request) => statistics.tableWeeks(request.query),
  );
  app.get(
    `${weeks}/export`,
    {
      config: access,
      schema: {
        tags,
        summary: 'Scarica le presenze per tavolo e settimana (csv, xlsx, pdf)',
        querystring: tableWeeksQueries.export,
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const heading = await statistics.exportHeading('Presenze per tavolo e settimana', 'presenze_tavoli', query);
      const rows = await statistics.tableWeeksAll(query);
      return sendExportFile(reply, await buildExport({ format, ...heading, columns: TABLE_WEEKS_EXPORT_COLUMNS, rows, timeZone }));
    },
  );
};

/**
 * GET /statistics/played-sessions and /statistics/free-sessions: each a list (page, search, sort), its download
 * (the same query as CSV, XLSX or PDF) and its summary figures for the period; the check-in per table and week.
 */
const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { statistics } = app.services.booking;
  const timeZone = app.config.clubTimezone;

  const played = STATISTICS_PATHS.playedSessions;
  app.get(
    played,
    {
      config: access,
      schema: {
        tags,
        summary: 'Turni giocati nel periodo, per socio (prenotazioni non annullate di turni già finiti)',
        querystring: playedSessionsQueries.list,
        response: { 200: playedSessionsList, ...errors },
      },
    },
    (request) => statistics.playedSessions(request.query),
  );
  app.get(
    `${played}/export`,
    {
      config: access,
      schema: {
        tags,
        summary: 'Scarica i turni giocati per socio (csv, xlsx, pdf)',
        querystring: playedSessionsQueries.export,
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const heading = await statistics.exportHeading('Turni giocati', 'turni_giocati', query);
      const rows = await statistics.playedSessionsAll(query);
      return sendExportFile(reply, await buildExport({ format, ...heading, columns: PLAYED_SESSIONS_EXPORT_COLUMNS, rows, timeZone }));
    },
  );
  app.get(
    `${played}/summary`,
    {
      config: access,
      schema: {
        tags,
        summary: 'Totali dei turni giocati nel periodo: soci, turni, ore',
        querystring: statisticsSummaryQuery,
        response: { 200: playedSessionsSummary, ...errors },
      },
    },
    (request) => statistics.playedSessionsSummary(request.query),
  );

  const free = STATISTICS_PATHS.freeSessions;
  app.get(
    free,
    {
      config: access,
      schema: {
        tags,
        summary: 'Turni offerti, prenotati e liberi nel periodo, per tavolo, giorno della settimana e orario',
        querystring: freeSessionsQueries.list,
        response: { 200: freeSessionsList, ...errors },
      },
    },
    (request) => statistics.freeSessions(request.query),
  );
  app.get(
    `${free}/export`,
    {
      config: access,
      schema: {
        tags,
        summary: 'Scarica i turni liberi per tavolo e orario (csv, xlsx, pdf)',
        querystring: freeSessionsQueries.export,
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const heading = await statistics.exportHeading('Turni liberi', 'turni_liberi', query);
      const rows = await statistics.freeSessionsAll(query);
      return sendExportFile(reply, await buildExport({ format, ...heading, columns: FREE_SESSIONS_EXPORT_COLUMNS, rows, timeZone }));
    },
  );
  app.get(
    `${free}/summary`,
    {
      config: access,
      schema: {
        tags,
        summary: 'Totali dei turni nel periodo: offerti, prenotati, liberi e occupazione',
        querystring: statisticsSummaryQuery,
        response: { 200: freeSessionsSummary, ...errors },
      },
    },
    (request) => statistics.freeSessionsSummary(request.query),
  );

  await app.register(tableWeeksRoutes);
};

export default statisticsRoutes;
