import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
        components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
        security: [{ session: [] }],
      },
      transform: jsonSchemaTransform,
    });
  },
  { name: 'openapi' },
);
