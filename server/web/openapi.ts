import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/**
 * The OpenAPI description, made from the routes as they register (the schema engine's routes
 * carry their body and record schemas), browsable at /swagger.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vigil API', version: '1.0.0', description: 'ABP-style REST API of Vigil. Sign in through /oidc and send the access token as a Bearer token.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    // Only the API is described; sign-in pages, translations and the web app are not.
    hideUntagged: false,
    transform: ({ schema, url }) => ({ schema: url.startsWith('/api/') ? schema : { ...schema, hide: true }, url }),
  });
  await app.register(swaggerUi, { routePrefix: '/swagger' });
}
