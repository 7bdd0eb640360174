import type {} from '@fastify/swagger';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { badRequest } from '../../http/errors';
import { translate } from '../../localization/texts';
import type { SchemaEngine } from '../../schema-engine';
import { applyListParams } from '../../schema-engine/list-query';
import type { DynamicDb, ResourceModel } from '../../schema-engine/resource-model';
import { assertScopeAllowed, scopedRows } from '../../schema-engine/scoping';
import { modelOf, todayIso } from '../../schema-engine/records';
import { XLSX_FILE } from '../../http/resource-route-schemas';
import type { Api } from '../../http/route-schemas';
import { exportQuerystring } from './export-query';
import { listQueryLabel } from '../../schema-engine/openapi-schemas';
import { XLSX_TYPE } from '../../http/content-types';
import { workbookOf } from './workbook';

/**
 * The invoice list as an Excel file (SPEC section 7: invoice excel): the same filters, search and
 * sorting as the list (the engine's applyListParams on the engine's tenant scoping), every
 * matching invoice rather than one page, at most 10,000; more is refused so that a truncated
 * file is never mistaken for the whole.
 */
export const MAX_EXPORT_ROWS = 10_000;

/** `<column>__display`: the referenced record's display field, for each reference of the model. */
export function displaySelections(model: ResourceModel, models: Map<string, ResourceModel>, alias: string) {
  return Object.entries(model.schema.properties)
    .filter(([, p]) => p['x-reference'])
    .map(([field, p]) => {
      const target = models.get(p['x-reference']!.resource)!;
      const display = target.columnOf.get(p['x-reference']!.display) ?? 'id';
      const column = model.columnOf.get(field)!;
      return sql<string>`(select r.${sql.id(display)}::text from ${sql.id(target.table)} r where r.id = ${sql.ref(`${alias}.${column}`)})`.as(`${column}__display`);
    });
}

export async function invoiceRoutes(app: Api, opts: { db: Db; engine: SchemaEngine }) {
  const { engine } = opts;
  const db = opts.db as unknown as DynamicDb;
  const model = modelOf(engine, 'invoices');
  const { endpoint, policy } = model.schema['x-resource'];

  const schema = { tags: [model.name], summary: 'The filtered invoice list as an Excel file', querystring: exportQuerystring(model), response: { 200: XLSX_FILE } };
  app.get(`${endpoint}/excel`, { config: { policy, fieldLabel: listQueryLabel(model) }, schema }, async (request, reply) => {
    assertScopeAllowed(model, request, 'read');
    const lang = request.language;
    const { query, sort } = applyListParams(model, scopedRows(db, model, request, 't'), request.query);
    const rows = await query
      .selectAll('t')
      .select(displaySelections(model, engine.models, 't'))
      .orderBy(`t.${sort.field}`, sort.desc ? 'desc' : 'asc')
      .orderBy('t.id')
      .limit(MAX_EXPORT_ROWS + 1)
      .execute();
    if (rows.length > MAX_EXPORT_ROWS) {
      const message = translate('export.tooManyRows', lang, { count: MAX_EXPORT_ROWS });
      throw badRequest(message, [{ message, members: ['filter'] }]);
    }
    const file = await workbookOf(model, rows, lang);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="invoices-${todayIso()}.xlsx"`)
      .send(file);
  });
}
