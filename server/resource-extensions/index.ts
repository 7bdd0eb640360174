import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { SchemaEngine } from '../schema-engine';
import { customerRoutes } from './customers';
import { invoiceRoutes } from './invoices';
import { organizationRoutes } from './organizations';
import { productRoutes } from './products';
import { simCardRoutes } from './simcards';

type ExtensionOptions = { db: Db; engine: SchemaEngine };

/**
 * Hand-written endpoints that extend schema resources where a schema cannot express the work
 * (batch uploads, pricing, exports, trees): one folder per extended resource. An extension is
 * served when the schema resources it extends are there (a server started on another schemas
 * folder, as tests do, simply has fewer).
 */
const EXTENSIONS: { routes: (app: FastifyInstance, opts: ExtensionOptions) => Promise<void>; needs: string[] }[] = [
  { routes: simCardRoutes, needs: ['simcards'] },
  { routes: productRoutes, needs: ['accessories', 'customers'] },
  { routes: customerRoutes, needs: ['customers', 'accessories', 'contact-people', 'organizations'] },
  { routes: invoiceRoutes, needs: ['invoices'] },
  { routes: organizationRoutes, needs: ['organizations'] },
];

export async function resourceExtensionRoutes(app: FastifyInstance, opts: ExtensionOptions) {
  for (const extension of EXTENSIONS) {
    if (extension.needs.every((name) => opts.engine.models.has(name))) await app.register(extension.routes, opts);
  }
}
