import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientErrorPayload,
  composePayload,
  composeResponse,
  devOverridePayload,
  devOverrideState,
  errorBody,
  notePayload,
  platformRelease,
  prunePayload,
  pruneResponse,
  publishPayload,
  publishedVersion,
  releaseDetail,
  releaseRefused,
  rolloutActionPayload,
  releasesResponse,
  rollbackPayload,
  versionsResponse,
} from 'shared-api/contract';
import { currentUser } from '../../core/plugins/session';
import { DEV_OVERRIDE_COOKIE } from '../../core/remotes';
import { ARCHIVE_LIMITS } from './archive';
import { CLIENT_ERROR_RATE } from './client-errors';
import { encodeOverride } from './overrides';

const tags = ['piattaforma'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
/** The releases: '*', or a category given platform_access (issue 29). */
const platformTeam = { access: ['platform_access'] } as const;
/** A developer's own browser pointed at local builds: '*' only (the override applies to '*' sessions alone). */
const developers = { access: ['*'] } as const;
/** The publish call takes one file: the build archive (field `archive`). */
const buildArchive = { ...platformTeam, multipart: { maxFileBytes: ARCHIVE_LIMITS.maxArchiveBytes, files: 1 } };

/** /platform: published versions, releases, compose and rollback ('*' or platform_access). */
const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app.services;

  app.get(
    '/platform/versions',
    {
      config: platformTeam,
      schema: {
        tags,
        summary: 'Ogni versione pubblicata di ogni app di dominio, con il riassunto del manifest',
        response: { 200: versionsResponse, ...errors },
      },
    },
    () => platform.versions(),
  );

  app.post(
    '/platform/versions',
    {
      // The archive is extracted and checked on a worker: no transaction held meanwhile (core/plugins/unit-of-work).
      config: { ...buildArchive, unitOfWork: 'deferred' },
      schema: {
        tags,
        summary: "Pubblica una versione di un'app di dominio (multipart: app, packageVersion, version facoltativa, file archive .tar.gz della build)",
        description: `La versione è la versione del pacchetto e 8 cifre esadecimali dello sha256 dei file della build, come nel comando di rilascio; se indicata, \`version\` deve coincidere. L'archivio (al massimo ${ARCHIVE_LIMITS.maxArchiveMb} MB, ${ARCHIVE_LIMITS.maxExtractedMb} MB estratto, ${ARCHIVE_LIMITS.maxEntries} voci) contiene alla radice i file della build, mf-manifest.json compreso; solo file e cartelle, nessun percorso assoluto o con '..'. 409 VERSION_ALREADY_PUBLISHED se la versione esiste già; 400 per un archivio o un manifest non validi; in ogni rifiuto nulla cambia. Pubblicare non cambia la release in linea.`,
        body: publishPayload,
        response: { 201: publishedVersion, 409: errorBody, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await platform.publishArchive(request.body, request.uploads?.get('archive'), currentUser(request))),
  );

  app.post(
    '/platform/versions/prune',
    {
      config: platformTeam,
      schema: {
        tags,
        summary: 'Rimuove le versioni pubblicate che le ultime `keep` release non usano',
        description:
          'Restano sempre le versioni della release in linea, di quella in anteprima e di quella a cui tornerebbe un ripristino. Risponde con le versioni rimosse e i byte liberati.',
        body: prunePayload,
        response: { 200: pruneResponse, ...errors },
      },
    },
    (request) => platform.prune(request.body.keep),
  );

  app.get(
    '/platform/releases',
    {
      config: platformTeam,
      schema: {
        tags,
        summary: 'Storico delle release, dalla più recente; quella in linea è segnata',
        response: { 200: releasesResponse, ...errors },
      },
    },
    () => platform.releases(),
  );

  app.post(
    '/platform/releases',
    {
      // The switch commits before the headless check loads the new set from this server (a transaction held across
      // it kept the check's own requests waiting on the embedded database's one connection until it timed out and
      // rolled every switch back); a failed check then rolls back in a unit of work of its own.
      config: { ...platformTeam, audit: 'release', unitOfWork: 'deferred' },
      schema: {
        tags,
        summary: "Controlla l'insieme di versioni e, se non è una prova (dryRun), lo mette in linea (o in anteprima)",
        description:
          "Le app non indicate restano alla versione in linea. 422 elenca ogni motivo per cui l'insieme non può andare in linea (app, dipendenza, versione richiesta e fornita) e nulla cambia. Con `audience` la release va in anteprima ai soli utenti di quelle categorie (409 PREVIEW_ALREADY_OUT se un'anteprima è già fuori). Con `rollout: { steps, holdMinutes, minSessions }` va a passi (es. 5, 25, 50, 100 % degli utenti collegati, scelti in modo stabile per utente), ciascuno tenuto almeno holdMinutes minuti e minSessions sessioni esposte; il confronto con la release in linea la interrompe da solo se peggiore.",
        body: composePayload,
        response: { 200: composeResponse, 201: composeResponse, 409: errorBody, 422: releaseRefused, ...errors },
      },
    },
    async (request, reply) => {
      const { apps, dryRun, audience, rollout } = request.body;
      const result = await platform.compose(apps, { dryRun, audience, rollout }, currentUser(request));
      return reply.code(result.dryRun ? 200 : 201).send(result);
    },
  );

  app.post(
    '/platform/releases/rollback',
    {
      config: { ...platformTeam, audit: 'release' },
      schema: {
        tags,
        summary:
          'Rimette in linea la release precedente, o con `to` una release precedente qualsiasi (una nuova voce dello storico che rimanda a quella)',
        description:
          "Con `to` le versioni di quella release passano di nuovo il controllo dell'insieme (422 con i motivi, ad esempio una versione rimossa); 404 RELEASE_NOT_FOUND se non esiste.",
        body: rollbackPayload,
        response: { 201: platformRelease, 404: errorBody, 409: errorBody, 422: releaseRefused, ...errors },
      },
    },
    async (request, reply) => {
      const { note, to } = request.body;
      const actor = currentUser(request);
      const made = to === undefined ? await platform.rollback(actor, note ?? null) : await platform.restore(to, actor, note ?? null);
      return reply.code(201).send(made);
    },
  );
};

/** /platform/releases/{n}: one release with its error reports; a preview promoted or withdrawn ('*' or platform_access). */
const oneReleaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform, clientErrors } = app.services;
  const releaseNumber = z.object({ n: z.coerce.number().int().min(1).max(2_147_483_647) });

  app.get(
    '/platform/releases/:n',
    {
      config: platformTeam,
      schema: {
        tags,
        summary: 'Una release e, per ogni app, gli errori segnalati dai browser mentre era servita',
        params: releaseNumber,
        response: { 200: releaseDetail, 404: errorBody, ...errors },
      },
    },
    (request) => clientErrors.detail(request.params.n),
  );

  app.post(
    '/platform/releases/:n/promote',
    {
      config: { ...platformTeam, audit: 'release' },
      schema: {
        tags,
        summary: 'Mette in linea per tutti la release in anteprima',
        params: releaseNumber,
        response: { 200: platformRelease, 404: errorBody, 409: errorBody, ...errors },
      },
    },
    (request) => platform.promote(request.params.n),
  );

  const actions = {
    pause: 'Sospende la distribuzione progressiva: il passo resta, nessun avanzamento',
    resume: 'Riprende la distribuzione progressiva (il tempo del passo riparte)',
    advance: 'Passa subito al passo successivo (dopo l’ultimo: in linea per tutti)',
    abort: 'Interrompe la distribuzione: chi la riceveva torna alla release in linea',
  } as const;
  for (const action of ['pause', 'resume', 'advance', 'abort'] as const)
    app.post(
      `/platform/releases/:n/${action}`,
      {
        config: { ...platformTeam, audit: 'release' },
        schema: {
          tags,
          summary: actions[action],
          description: 'Il motivo resta nello storico della release con chi ha agito. 409 NOT_THE_PREVIEW o NOT_A_ROLLOUT.',
          params: releaseNumber,
          body: rolloutActionPayload,
          response: { 200: platformRelease, 404: errorBody, 409: errorBody, ...errors },
        },
      },
      (request) => platform.rolloutAction({ number: request.params.n, action, actor: currentUser(request), reason: request.body.reason ?? null }),
    );

  app.post(
    '/platform/releases/:n/withdraw',
    {
      config: { ...platformTeam, audit: 'release' },
      schema: {
        tags,
        summary: 'Ritira la release in anteprima: il suo pubblico torna alla release in linea',
        params: releaseNumber,
        body: notePayload,
        response: { 200: platformRelease, 404: errorBody, 409: errorBody, ...errors },
      },
    },
    (request) => platform.withdraw(request.params.n, currentUser(request), request.body.note ?? null),
  );
};

/** /platform/client-errors: what members' browsers saw go wrong in a domain app (any signed-in user). */
const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clientErrors } = app.services;
  app.post(
    '/platform/client-errors',
    {
      // Changes no user, category or session: the session cache outlives it.
      config: { access: 'signed-in', changesNoUser: true },
      schema: {
        tags,
        summary: "Segnala un errore di un'app di dominio visto dal browser (caricamento, disegno, promessa rifiutata)",
        description: `Al massimo ${CLIENT_ERROR_RATE.limit} segnalazioni per utente e ${CLIENT_ERROR_RATE.addressLimit} per indirizzo di rete ogni ${CLIENT_ERROR_RATE.windowMs / 60_000} minuti, anche accedendo di nuovo (429 CLIENT_ERRORS_RATE_LIMITED). L'app deve essere un'app di dominio del portale (400) che l'utente può aprire al percorso indicato (403 FORBIDDEN). Conta solo una versione che /remotes.json ha servito a questa sessione: le altre non sono salvate e non decidono nulla. Il messaggio è salvato senza indirizzi e-mail né numeri. Se utenti distinti oltre la soglia segnalano errori della stessa app nella finestra, la release servita torna indietro da sola.`,
        body: clientErrorPayload,
        response: { 204: z.null(), 429: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      await clientErrors.report(currentUser(request), request.body, request.ip ?? null);
      return reply.code(204).send(null);
    },
  );
};

/** /platform/override: the local builds a developer's browser points at ('*' only). */
const overrideRoutes: FastifyPluginAsyncZod = async (app) => {
  const { devOverrides } = app.services;
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: app.config.publicUrl.startsWith('https://') } as const;
  const overrideState = (lines: Record<string, string>) => ({ enabled: devOverrides.enabled, allowedOrigins: [...devOverrides.origins], lines });

  app.get(
    '/platform/override',
    {
      config: developers,
      schema: {
        tags,
        summary: 'Le build locali a cui punta questo browser (override per sviluppatore)',
        response: { 200: devOverrideState, ...errors },
      },
    },
    (request) => overrideState(devOverrides.current(request.headers.cookie)),
  );

  app.put(
    '/platform/override',
    {
      config: developers,
      schema: {
        tags,
        summary: "Punta questo browser a una build locale di un'app di dominio",
        description:
          "Solo verso le origini di DEV_OVERRIDE_ORIGINS (409 DEV_OVERRIDE_OFF se non configurato); vale per questo browser e per le sessioni di chi ha '*'.",
        body: devOverridePayload,
        response: { 200: devOverrideState, 409: errorBody, ...errors },
      },
    },
    (request, reply) => {
      const lines = devOverrides.lines(devOverrides.current(request.headers.cookie), request.body.app, request.body.url);
      reply.setCookie(DEV_OVERRIDE_COOKIE, encodeOverride(lines), cookieOptions);
      return overrideState(lines);
    },
  );

  app.delete(
    '/platform/override',
    { config: developers, schema: { tags, summary: 'Questo browser torna alla release in linea', response: { 200: devOverrideState, ...errors } } },
    (_request, reply) => {
      reply.clearCookie(DEV_OVERRIDE_COOKIE, cookieOptions);
      return overrideState({});
    },
  );
};

const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(releaseRoutes);
  await app.register(oneReleaseRoutes);
  await app.register(clientErrorRoutes);
  await app.register(overrideRoutes);
};

export default platformRoutes;
