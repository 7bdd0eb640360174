import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { AbpError, conflict, notFound } from '../http/errors';
import type { Api } from '../http/route-schemas';
import { isUuid } from '../http/uuid';
import { enqueueJobs, kickJobs } from '../jobs';
import { translate } from '../localization/texts';
import { PRIVACY_EXPORT_JOB } from './export-job';
import { exportDto, exportLimitProblem, type ExportRow } from './exports';
import { fieldLabel, type Family } from './family';
import { audit, change } from './route-audit';
import { CONFLICT, EXPORT_RECORD, GONE, ID_PARAMS, REFUSALS, tags, TOO_MANY, ZIP_FILE } from './route-schemas';

/**
 * Exports (GDPR articles 15 and 20): requested (limited per user), made by a job whose progress
 * the record shows, downloaded once by the user who asked (nobody else sees it), all audited.
 */
export function exportRoutes(app: Api, db: Db, family: Family): void {
  const config = { policy: family.policy, fieldLabel };
  const whose = family.own ? "the caller's own data" : 'a citizen or a carer';

  /** The caller's own export (anyone else's is not there). */
  async function ownExport(request: FastifyRequest, id: string, trx: Db = db, lock = false): Promise<ExportRow> {
    let query = trx.selectFrom('privacy_exports').selectAll().where('id', '=', isUuid(id) ? id : '00000000-0000-0000-0000-000000000000').where('requested_by', '=', request.principal!.userId);
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw notFound(translate('privacy:errors.exportNotFound', request.language), 'Vigil:Privacy.ExportNotFound');
    return row;
  }

  app.post(
    `${family.base}/exports`,
    { config, schema: { tags, summary: `Export everything Vigil holds about ${whose} (made in the background)`, body: family.subjectSchema, response: { 200: EXPORT_RECORD, ...REFUSALS, ...TOO_MANY } } },
    async (request, reply) => {
      const lang = request.language;
      const subject = await family.subject(db, request, request.body);
      const userId = request.principal!.userId;
      const id = randomUUID();
      const row = await db.transaction().execute(async (trx) => {
        // One request of a user at a time counts and inserts: two at the same instant cannot both pass the limit.
        await sql`select pg_advisory_xact_lock(hashtext(${`privacy-export:${userId}`}))`.execute(trx);
        const limit = await exportLimitProblem(trx, userId);
        if (limit) {
          reply.header('retry-after', String(limit.retryAfter));
          throw new AbpError(429, translate(`privacy:errors.${limit.reason}`, lang), { code: 'Vigil:TooManyRequests' });
        }
        const inserted = await trx
          .insertInto('privacy_exports')
          .values({ id, tenant_id: subject.tenantId, requested_by: userId, subject_type: subject.type, subject_id: subject.id, subject_name: subject.name })
          .returningAll()
          .executeTakeFirstOrThrow();
        await enqueueJobs(trx, [{ kind: PRIVACY_EXPORT_JOB, payload: { exportId: id }, uniqueKey: `${PRIVACY_EXPORT_JOB}:${id}` }]);
        await audit(trx, request, change('Vigil.Privacy.Export', id, 0, { subjectType: subject.type, subjectId: subject.id }));
        return inserted;
      });
      kickJobs();
      return exportDto(row);
    },
  );

  app.get(
    `${family.base}/exports/:id`,
    { config, schema: { tags, summary: 'An export the caller asked for: its state and progress', params: ID_PARAMS, response: { 200: EXPORT_RECORD } } },
    async (request) => exportDto(await ownExport(request, request.params.id)),
  );

  app.get(
    `${family.base}/exports/:id/download`,
    { config, schema: { tags, summary: "An export's archive, once: it is deleted as it is sent", params: ID_PARAMS, response: { 200: ZIP_FILE, ...CONFLICT, ...GONE } } },
    async (request, reply) => {
      const lang = request.language;
      // Locked while it is taken: of two downloads at once, one gets the archive, the other a 410.
      const archive = await db.transaction().execute(async (trx) => {
        const row = await ownExport(request, request.params.id, trx, true);
        if (row.state === 'downloaded' || row.state === 'failed') throw new AbpError(410, translate('privacy:errors.exportGone', lang), { code: 'Vigil:Privacy.ExportGone' });
        if (row.state !== 'ready' || !row.archive) throw conflict(translate('privacy:errors.exportNotReady', lang), 'Vigil:Privacy.ExportNotReady');
        await trx.updateTable('privacy_exports').set({ state: 'downloaded', archive: null, downloaded_time: new Date() }).where('id', '=', row.id).execute();
        await audit(trx, request, change('Vigil.Privacy.Export', row.id, 1, { state: 'downloaded', subjectType: row.subject_type, subjectId: row.subject_id }));
        return row.archive;
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="vigil-export-${new Date().toISOString().slice(0, 10)}.zip"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(archive));
    },
  );
}
