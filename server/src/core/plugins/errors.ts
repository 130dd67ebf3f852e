import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorCode } from 'shared-api/contract';
import { API_ERRORS } from 'shared-api/contract';
import { z } from 'zod';
import { DomainError, isReferencedRow, pgErrorOf } from '../errors';

// The contract's Italian texts (shared-api's italianIssue, its zod locale) speak for every rule without its own;
// a missing field is called what the forms call it.
z.config({
  customError: (issue) => {
    if (issue.code !== 'invalid_type') return undefined;
    if (issue.input === undefined) return 'Campo obbligatorio';
    // Fastify hands a missing body to the validator as null.
    if (issue.input === null && issue.expected === 'object') return 'Dati mancanti nella richiesta';
    return undefined;
  },
});

/** The framework's own 4xx errors: their code and message in the club's language. */
const FRAMEWORK_ERRORS: Record<string, { code: ApiErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'VALIDATION_FAILED', message: 'Il corpo della richiesta è vuoto' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'BODY_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_REQ_FILE_TOO_LARGE: { code: 'FILE_TOO_LARGE', message: 'Il file supera la dimensione massima di 5 MB' },
  FST_FILES_LIMIT: { code: 'TOO_MANY_FILES', message: 'Troppi file nella richiesta' },
  FST_FIELDS_LIMIT: { code: 'VALIDATION_FAILED', message: 'Troppi campi nella richiesta' },
  FST_PARTS_LIMIT: { code: 'VALIDATION_FAILED', message: 'Troppe parti nella richiesta' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'La richiesta non è multipart' },
};

const answer = (code: ApiErrorCode, message?: string) => ({ code, message: message ?? API_ERRORS[code].text });

/**
 * The one place errors become answers, always `{ code, message }`: a service's DomainError with its code's status
 * (and its details, such as a refused release's reasons);
 * bad input 400 naming the field; known database conflicts 409; anything unexpected 500 without internals
 * (the details go to the log).
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof DomainError) return reply.code(error.statusCode).send({ ...error.details, ...answer(error.code, error.message) });
      if (hasZodFastifySchemaValidationErrors(error)) {
        const message = error.validation
          .map((issue) => {
            const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
            return field ? `${field}: ${issue.message}` : issue.message;
          })
          .join('; ');
        return reply.code(400).send(answer('VALIDATION_FAILED', message || undefined));
      }
      if (error instanceof SyntaxError && error.validationContext) {
        // A JSON-encoded list field of a multipart form that is not JSON (thrown while validating).
        return reply.code(400).send(answer('VALIDATION_FAILED', `Dati non validi: un elenco non è in formato JSON (${error.message})`));
      }
      if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
        const code: ApiErrorCode = known?.code ?? (error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED');
        return reply.code(error.statusCode).send(answer(code, known?.message ?? (known ? undefined : error.message)));
      }
      if (isReferencedRow(error)) return reply.code(409).send(answer('REFERENCED'));
      // Text the database cannot store (a NUL byte the request checks missed, e.g. in an uploaded file's name).
      const pgCode = pgErrorOf(error)?.code;
      if (pgCode === '22021' || pgCode === '22P05') {
        return reply.code(400).send(answer('VALIDATION_FAILED', 'Il testo contiene un carattere non ammesso'));
      }
      if (pgCode === '23505') return reply.code(409).send(answer('CONFLICT'));
      request.log.error({ err: error }, 'Errore non gestito');
      return reply.code(500).send(answer('INTERNAL'));
    });
  },
  { name: 'errors' },
);
