import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { SchemaEngine } from '../schema-engine';
import { simCardRoutes } from './simcards';

/**
 * Hand-written endpoints that extend schema resources where a schema cannot express the work
 * (batch uploads, pricing, exports, trees). One folder per module under server/modules/.
 */
export async function moduleRoutes(app: FastifyInstance, opts: { db: Db; engine: SchemaEngine }) {
  await app.register(simCardRoutes, opts);
}
