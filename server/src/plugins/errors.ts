import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isReferencedRow, pgErrorOf } from '../services/common/http-error';

// Zod's own messages in Italian, and a missing field called what the forms call it.
z.config(z.locales.it());
z.config({
  customError: (issue) => {
    if (issue.code !== 'invalid_type') return undefined;
    if (issue.input === undefined) return 'Campo obbligatorio';
    // Fastify hands a missing body to the validator as null.
    if (issue.input === null && issue.expected === 'object') return 'Dati mancanti nella richiesta';
    return undefined;
  },
});

/** Messages of the framework's own 4xx errors, in the club's language. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Il corpo della richiesta non è un JSON valido',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Il corpo della richiesta è vuoto',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La richiesta è troppo grande',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo di contenuto non supportato',
  FST_REQ_FILE_TOO_LARGE: 'Il file supera la dimensione massima di 5 MB',
  FST_FILES_LIMIT: 'Troppi file nella richiesta',
  FST_FIELDS_LIMIT: 'Troppi campi nella richiesta',
  FST_PARTS_LIMIT: 'Troppe parti nella richiesta',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'La richiesta non è multipart',
};

/**
 * Every error answers `{ message }`: bad input 400 naming the field, known conflicts 409,
 * anything unexpected 500 without internals (the details go to the log).
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const message = error.validation
          .map((issue) => {
            const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
            return field ? `${field}: ${issue.message}` : issue.message;
          })
          .join('; ');
        return reply.code(400).send({ message: message || 'Dati non validi' });
      }
      if (error instanceof SyntaxError && error.validationContext) {
        // A JSON-encoded list field of a multipart form that is not JSON (thrown while validating).
        return reply.code(400).send({ message: `Dati non validi: un elenco non è in formato JSON (${error.message})` });
      }
      if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        const message = (error.code && FRAMEWORK_MESSAGES[error.code]) || error.message;
        return reply.code(error.statusCode).send({ message });
      }
      if (isReferencedRow(error)) {
        return reply.code(409).send({ message: 'Operazione non consentita: esistono dati collegati.' });
      }
      if (pgErrorOf(error)?.code === '23505') {
        return reply.code(409).send({ message: 'Esiste già un elemento con questi dati.' });
      }
      request.log.error({ err: error }, 'Errore non gestito');
      return reply.code(500).send({ message: 'Si è verificato un errore interno del server.' });
    });
  },
  { name: 'errors' },
);
