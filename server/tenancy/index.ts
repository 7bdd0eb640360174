import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';

/** Tenant management (SaaS) and feature management endpoints. */
export async function tenancyModule(_app: FastifyInstance, _opts: { db: Db; policies: readonly string[] }) {}
