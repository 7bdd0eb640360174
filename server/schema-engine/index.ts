import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { ResourceSchema } from '../../common/schema/types';
import { grantedPolicies } from '../permissions/granted';
import { AUTHENTICATED } from '../permissions/guard';
import { BrowserValidators, browserValidatorRoutes } from './browser-validators';
import { crudRoutes } from './crud-routes';
import { loadSchemas } from './load-schemas';
import { buildModel, type ResourceModel } from './resource-model';
import { syncTables } from './sync-tables';
import { WriteHooks } from './write-hooks';

export { schemaNamespace } from './schema-translations';

export interface SchemaEngine {
  schemas: ResourceSchema[];
  /** Per-resource rules modules add (see write-hooks.ts). */
  hooks: WriteHooks;
  models: Map<string, ResourceModel>;
  /** Table changes made on this start (new tables, columns). */
  changes: string[];
  /** Each resource's body check as a module for the browser. */
  validators: BrowserValidators;
}

/** Loads the schema files and brings their tables up to date (before the server takes requests). */
export async function prepareSchemaEngine(db: Db, schemasDir: string): Promise<SchemaEngine> {
  const schemas = loadSchemas(schemasDir);
  const changes = await syncTables(db, schemas);
  const models = new Map(schemas.map((s) => [s['x-resource'].name, buildModel(s)]));
  return { schemas, models, changes, hooks: new WriteHooks(), validators: new BrowserValidators(models.values()) };
}

/**
 * Registers every schema's endpoints, each in its own plugin scope (its own validator), and
 * GET /api/app/schemas: the schemas of the resources the caller may read, for the web app to
 * build its screens from.
 */
export async function schemaEngineRoutes(app: FastifyInstance, opts: { db: Db; engine: SchemaEngine }) {
  const { db, engine } = opts;
  for (const model of engine.models.values()) {
    await app.register(crudRoutes, { db, model, models: engine.models, hooks: engine.hooks });
  }
  await app.register(browserValidatorRoutes, { validators: engine.validators });

  app.get(
    '/api/app/schemas',
    {
      config: { policy: AUTHENTICATED },
      schema: {
        tags: ['schemas'],
        summary: 'The JSON Schemas of the resources the caller may read, each with its browser validator',
        response: {
          200: {
            type: 'object',
            required: ['items', 'unreadable'],
            properties: {
              // A resource schema is a JSON Schema with the engine's x- keywords (common/schema/types.ts): kept whole.
              items: { type: 'array', items: { type: 'object', required: ['x-resource', 'properties'], additionalProperties: true, properties: { 'x-validator': { type: 'string' } } } },
              unreadable: {
                type: 'array',
                items: { type: 'string' },
                description: 'The names (the web paths) of the other resources, which the caller may not read: the web app shows Access denied there rather than a missing page',
              },
            },
          },
        },
      },
    },
    async (request) => {
    request.grantedPolicies ??= await grantedPolicies(db, request.principal);
    const granted = request.grantedPolicies;
    const hostUser = !request.principal?.tenantId;
    const readable = (s: ResourceSchema) => granted.has(s['x-resource'].policy) && (hostUser || s['x-resource'].scope !== 'host');
    const items = engine.schemas.filter(readable).map((s) => ({ ...s, 'x-validator': engine.validators.urlOf(s['x-resource'].name) }));
    const unreadable = engine.schemas.filter((s) => !readable(s)).map((s) => s['x-resource'].name);
    return { items, unreadable };
    },
  );
}
