import type {} from '@fastify/swagger';
import type { Db } from '../../db/database';
import { ABP_ERROR_RESPONSE, conflict } from '../../http/errors';
import { translate } from '../../localization/texts';
import type { SchemaEngine } from '../../schema-engine';
import { toRecord, type DynamicDb } from '../../schema-engine/resource-model';
import { assertScopeAllowed } from '../../schema-engine/scoping';
import { recordSchema } from '../../schema-engine/openapi-schemas';
import { ID_PARAMS, type Api } from '../../http/route-schemas';
import { modelOf, readVisible, requireVisible } from '../../schema-engine/records';
import { acceptCsvBodies, csvTextOf, MAX_UPLOAD_BYTES, uploadImporter } from '../../schema-engine/csv-upload';
import { CSV_BODY, idBatchResult, idsBody, UPLOAD_RESULT } from '../../http/resource-route-schemas';
import { deactivated, deactivateMany, DEACTIVATED, MAX_DEACTIVATE_IDS, writeDeactivations } from './deactivate';

/**
 * SIM card work a schema cannot express: creating cards from a CSV file and deactivating cards
 * (SPEC section 7: simCardInstance batchUpload, batchDeactivate, deactivate).
 * The CSV comes as the request body (see acceptCsvBodies), at most 2 MB and 10,000 lines.
 */

const IDS_BODY = idsBody(MAX_DEACTIVATE_IDS);
/** deactivate.ts DeactivateResult. */
const DEACTIVATE_RESULT = idBatchResult(['deactivated', 'alreadyDeactivated']);

export async function simCardRoutes(app: Api, opts: { db: Db; engine: SchemaEngine }) {
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
    {
      config: { policy: `${policy}.Create` },
      bodyLimit: MAX_UPLOAD_BYTES,
      schema: { tags, summary: 'Create SIM cards from a CSV file', body: CSV_BODY, response: { 200: UPLOAD_RESULT, 409: ABP_ERROR_RESPONSE } },
    },
    async (request) => {
      assertScopeAllowed(model, request, 'write');
      return importCsv(request, csvTextOf(request.body));
    },
  );

  app.post(
    `${endpoint}/batchDeactivate`,
    { config: { policy: `${policy}.Update` }, schema: { tags, summary: 'Deactivate several SIM cards', body: IDS_BODY, response: { 200: DEACTIVATE_RESULT } } },
    async (request) => {
      assertScopeAllowed(model, request, 'write');
      const { ids } = request.body;
      return deactivateMany(db, model, request, ids);
    },
  );

  const deactivateSchema = { tags, summary: 'Deactivate one SIM card', params: ID_PARAMS, response: { 200: recordSchema(model), 409: ABP_ERROR_RESPONSE } };
  app.post(`${endpoint}/:id/deactivate`, { config: { policy: `${policy}.Update` }, schema: deactivateSchema }, async (request) => {
    assertScopeAllowed(model, request, 'write');
    const row = await requireVisible(dyn, engine, model, request, request.params.id);
    if (row.status !== DEACTIVATED) {
      const stale = await writeDeactivations(db, model, request, [{ row, ...deactivated(model, row, request.language) }]);
      if (stale.length) throw conflict(translate('errors.concurrency', request.language));
    }
    return toRecord(model, (await readVisible(dyn, engine, model, request, request.params.id))!);
  });
}
