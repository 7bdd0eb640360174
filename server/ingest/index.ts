import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';

/** OsmAnd ingest on /ingest/osmand and INGEST_PORT, positions, device runtime state, battery and event history. */
export async function ingestModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  void app;
  void ctx;
}
