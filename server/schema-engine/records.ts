import type { FastifyRequest } from 'fastify';
import { AbpError, notFound } from '../http/errors';
import { translate } from '../localization/texts';
import type { SchemaEngine } from '.';
import type { DynamicDb, ResourceModel, Row } from './resource-model';
import { computedSelections, scopedRows } from './scoping';

/**
 * What every module needs from the schema engine: a resource's model, a record the caller may see
 * (the engine's own tenant scoping, so a module never widens isolation), and audit entity changes
 * shaped like the engine's.
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function modelOf(engine: SchemaEngine, name: string): ResourceModel {
  const model = engine.models.get(name);
  if (!model) throw new Error(`server/resource-extensions needs the schema resource '${name}' (schemas/*.json)`);
  return model;
}

/** The live row with this id that the caller may see, with its computed counts; undefined otherwise. */
export async function readVisible(db: DynamicDb, engine: SchemaEngine, model: ResourceModel, request: FastifyRequest, id: string): Promise<Row | undefined> {
  if (!UUID.test(id)) return undefined;
  return scopedRows(db, model, request, 't')
    .selectAll('t')
    .select(computedSelections(model, engine.models, 't'))
    .where('t.id', '=', id)
    .executeTakeFirst();
}

/** As readVisible, but a 404 in the caller's language when the record is not there for them. */
export async function requireVisible(db: DynamicDb, engine: SchemaEngine, model: ResourceModel, request: FastifyRequest, id: string): Promise<Row> {
  const row = await readVisible(db, engine, model, request, id);
  if (!row) throw notFound(translate('errors.entityNotFound', request.language));
  return row;
}

/** An audit entity change over the model's writable fields (0 created, 1 updated, 2 deleted). */
export { entityChange } from './entity-changes';

/** One field's problem as batch answers report it. */
export type FieldMessage = {
  /** The field, or null for a problem with the whole line or record. */
  member: string | null;
  message: string;
};

/** The per-field messages of a 400 thrown by the engine's checks (validationFailure, checkRules). */
export function messagesOf(err: unknown): FieldMessage[] {
  if (!(err instanceof AbpError) || err.status !== 400) throw err;
  const problems = err.extra.validationErrors ?? [];
  if (!problems.length) return [{ member: null, message: err.message }];
  return problems.map((p) => ({ member: p.members[0] ?? null, message: p.message }));
}

/** Today's date (UTC) as the API writes dates: 'YYYY-MM-DD'. */
export const todayIso = (): string => new Date().toISOString().slice(0, 10);
