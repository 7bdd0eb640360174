import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ABP_ERROR_RESPONSE } from '../http/errors';
import { ANONYMOUS } from '../permissions/guard';
import { csvOrJsonContent } from '../http/resource-route-schemas';

/** The name of ABP's error body among the description's components. */
const ABP_ERROR_ID = 'AbpError';

/**
 * The refusals every /api route can give whatever its handler does, because the hooks in front of
 * every route give them, declared on each route in ABP's error shape so the description is whole:
 * - 400: a body, query or parameter that fails the route's schema, a NUL character (nul-guard.ts),
 *   an unusable `__tenant`;
 * - 401 and 403: the policy guard (permissions/guard.ts), on every route that has a policy;
 * - 404: a path parameter naming nothing the caller may see;
 * - 413: a body over the size limit, on routes that take one;
 * - 500: a defect, told without details; 503: the database away or admission control full
 *   (http/admission.ts), with Retry-After.
 * A route declares its own further refusals (409, 429, ...) and may describe these more closely.
 */
export function declareCommonRefusals(app: FastifyInstance): void {
  // One shared schema, a component of the description that every refusal refers to.
  app.addSchema({ $id: ABP_ERROR_ID, title: ABP_ERROR_ID, ...ABP_ERROR_RESPONSE });
  const abpError = { $ref: `${ABP_ERROR_ID}#` };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = [route.method].flat();
    const codes = [400, 500, 503];
    if (route.config?.policy && route.config.policy !== ANONYMOUS) codes.push(401, 403);
    if (route.url.includes('/:')) codes.push(404);
    if (methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH')) codes.push(413);
    const schema = (route.schema ??= {});
    const response = (schema.response ??= {}) as Record<string, unknown>;
    for (const code of codes) response[code] ??= abpError;
    for (const [code, declared] of Object.entries(response)) if (declared === ABP_ERROR_RESPONSE) response[code] = abpError;
  });
}

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
    // Shared schemas keep their own names as components (AbpError), not def-0, def-1.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: ({ schema, url }) => {
      if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
      // An upload checked as the CSV file or JSON by one schema is described per media type.
      const upload = csvOrJsonContent(schema.body);
      return { schema: upload ? { ...schema, body: upload } : schema, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/swagger' });
}
