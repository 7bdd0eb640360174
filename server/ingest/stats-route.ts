import type { FastifyInstance } from 'fastify';
import { POLICIES } from '../../common/policies';
import type { IngestCounters } from './guards';
import type { IngestPipeline } from './pipeline';

const COUNTS = (names: readonly string[]) => ({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'number' }])) });

/** This node's ingest counters, for Troubleshooting (the path stays under the tracking API it was first served with). */
const INGEST_STATS = {
  response: {
    200: {
      type: 'object',
      properties: {
        node: COUNTS(['stored', 'duplicate', 'rejected', 'unknownDevice', 'rateLimited']),
        writes: COUNTS(['batches', 'messages', 'writeMs', 'rewritten']),
      },
    },
  },
} as const;

export async function ingestStatsRoute(app: FastifyInstance, opts: { counters: IngestCounters; pipeline: IngestPipeline }): Promise<void> {
  app.get(
    '/api/app/tracking/ingest/stats',
    { config: { policy: `${POLICIES.troubleshoot}|${POLICIES.devices}` }, schema: { tags: ['tracking'], summary: "This node's ingest counters", ...INGEST_STATS } },
    async () => ({ node: opts.counters.total, writes: opts.pipeline.stats }),
  );
}
