import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';

/** Setting management and audit log endpoints. */
export async function settingsModule(_app: FastifyInstance, _opts: { db: Db }) {}
