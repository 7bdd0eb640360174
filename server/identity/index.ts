import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';

/** Identity management endpoints (users, roles, claim types, organization units, permissions). */
export async function identityModule(_app: FastifyInstance, _opts: { db: Db; policies: readonly string[] }) {}
