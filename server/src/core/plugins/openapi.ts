import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorBody } from 'shared-api/contract';
import { z } from 'zod';
import type { Access } from './session';

type JsonSchema = Record<string, unknown>;

const errorJson = z.toJSONSchema(errorBody, { target: 'openapi-3.0' }) as JsonSchema;
delete errorJson.$schema;

/**
 * The error answers every route can give because of its declared access, added to its description where the
 * route does not list them itself: 401 for every non-public route, 403 for the terms gate and the permissions,
 * 400 for a route that takes input (bad input never reaches the handler). Public routes need no session.
 */
function accessResponses(access: Access | undefined, termsExempt: boolean, takesInput: boolean): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  if (takesInput) out['400'] = { ...errorJson, description: 'Dati della richiesta non validi' };
  if (!access || access === 'public') return out;
  out['401'] = { ...errorJson, description: 'Accesso richiesto (nessuna sessione valida)' };
  if (access !== 'signed-in' || !termsExempt)
    out['403'] = { ...errorJson, description: access === 'signed-in' ? 'Termini e condizioni non ancora accettati' : 'Permesso mancante' };
  return out;
}

/** A file answered as it is (PDF, CSV, an upload): described as binary, sent unserialised. */
export const binaryFile = z.any().meta({ type: 'string', format: 'binary' });

/** The 200 answer of a download route: a file of one of `contentTypes`. */
export const fileResponse = (description: string, contentTypes: readonly string[] = ['application/octet-stream']) => ({
  description,
  content: Object.fromEntries(contentTypes.map((type) => [type, { schema: binaryFile }])),
});

/** The OpenAPI description, written from the same zod schemas the routes validate with (served at /api/v1/openapi.json). */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Portale del circolo di tennistavolo',
          description: 'API REST del portale. Autenticazione con il cookie di sessione `sid` (POST /api/v1/auth/login).',
          version: '1.0.0',
        },
        // Same origin as the portal: the paths carry the /api/v1 prefix.
        servers: [{ url: '/', description: 'Il server del portale' }],
        components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
        security: [{ session: [] }],
      },
      transform: (document) => {
        const result = jsonSchemaTransform(document) as { schema: JsonSchema & { response?: Record<string, JsonSchema> }; url: string };
        const { route } = document as unknown as { route: { config?: { access?: Access; termsExempt?: boolean } } };
        if (!result.schema || result.schema.hide) return result;
        const access = route.config?.access;
        const takesInput = ['body', 'querystring', 'params'].some((key) => key in result.schema);
        const response = { ...accessResponses(access, Boolean(route.config?.termsExempt), takesInput), ...result.schema.response };
        result.schema = { ...result.schema, response, ...(access === 'public' ? { security: [] } : {}) };
        return result;
      },
    });
  },
  { name: 'openapi' },
);
