import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';

/** Language management endpoints (languages, texts). */
export async function localizationModule(_app: FastifyInstance, _opts: { db: Db }) {}
