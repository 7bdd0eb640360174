import type { Db } from '../db/database';
import type { SchemaEngine } from '../schema-engine';
import type { PaymentGateway } from './gateway/types';

/** What billing's services are given: the database, the schema engine (customers' pricing) and the gateway. */
export interface BillingContext {
  db: Db;
  engine: SchemaEngine;
  gateway: PaymentGateway;
}
