import type {} from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { conflict } from '../../http/errors';
import { translate } from '../../localization/texts';
import type { SchemaEngine } from '../../schema-engine';
import { toRecord, type DynamicDb } from '../../schema-engine/resource-model';
import { assertScopeAllowed } from '../../schema-engine/scoping';
import { bodyValidator } from '../../http/body-validation';
import { modelOf, readVisible, requireVisible } from '../shared/records';
import { acceptCsvBodies, csvTextOf, MAX_UPLOAD_BYTES, uploadImporter } from '../shared/csv-upload';
import { deactivated, deactivateMany, DEACTIVATED, MAX_DEACTIVATE_IDS, writeDeactivations } from './deactivate';

/**
 * SIM card work a schema cannot express: creating cards from a CSV file and deactivating cards
 * (SPEC section 7: simCardInstance batchUpload, batchDeactivate, deactivate).
 * The CSV comes as the request body (see acceptCsvBodies), at most 2 MB and 10,000 lines.
 */

const readIds = bodyValidator<{ ids: string[] }>({
  type: 'object',
  properties: { ids: { type: 'array', minItems: 1, maxItems: MAX_DEACTIVATE_IDS, items: { type: 'string', maxLength: 64 } } },
  required: ['ids'],
  additionalProperties: false,
});

export async function simCardRoutes(app: FastifyInstance, opts: { db: Db; engine: SchemaEngine }) {
  const { db, engine } = opts;
  const dyn = db as unknown as DynamicDb;
  const model = modelOf(engine, 'simcards');
  const { endpoint, policy } = model.schema['x-resource'];
  const importCsv = uploadImporter(db, engine, model);
  const tags = [model.name];

  // Only this plugin's routes read CSV bodies.
  acceptCsvBodies(app);

  app.post(
    `${endpoint}/batchUpload`,
    { config: { policy: `${policy}.Create` }, bodyLimit: MAX_UPLOAD_BYTES, schema: { tags, summary: 'Create SIM cards from a CSV file' } },
    async (request) => {
      assertScopeAllowed(model, request, 'write');
      return importCsv(request, csvTextOf(request.body, request.language));
    },
  );

  app.post(`${endpoint}/batchDeactivate`, { config: { policy: `${policy}.Update` }, schema: { tags, summary: 'Deactivate several SIM cards' } }, async (request) => {
    assertScopeAllowed(model, request, 'write');
    const { ids } = readIds(request.body, request.language);
    return deactivateMany(db, model, request, ids);
  });

  app.post<{ Params: { id: string } }>(`${endpoint}/:id/deactivate`, { config: { policy: `${policy}.Update` }, schema: { tags, summary: 'Deactivate one SIM card' } }, async (request) => {
    assertScopeAllowed(model, request, 'write');
    const row = await requireVisible(dyn, engine, model, request, request.params.id);
    if (row.status !== DEACTIVATED) {
      const stale = await writeDeactivations(db, model, request, [{ row, ...deactivated(model, row, request.language) }]);
      if (stale.length) throw conflict(translate('errors.concurrency', request.language));
    }
    return toRecord(model, (await readVisible(dyn, engine, model, request, request.params.id))!);
  });
}
