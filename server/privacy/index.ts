import type { FastifyInstance } from 'fastify';
import type { RequestTypes } from '../http/route-schemas';
import type { ModuleContext } from '../module-context';
import { exportJobKind } from './export-job';
import { privacyRoutes } from './routes';

export { PERSONAL_COLUMNS, type ColumnDecision } from './personal-columns';
export { PRIVACY_EXPORT_JOB } from './export-job';
export { EXPORT_LIMITS } from './exports';

/** Export and erasure of a citizen's or a carer's personal data (GDPR articles 15, 17 and 20). */
export async function privacyModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  ctx.jobs.registerJobKind(exportJobKind(ctx.db));
  await privacyRoutes(app.withTypeProvider<RequestTypes>(), ctx.db);
}
