import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { POLICIES } from '../../common/policies';
import { writeAuditLog } from '../audit/audit-log';
import { activeSubscriptionCount } from '../billing/account-status';
import type { Db } from '../db/database';
import type { EntityChange } from '../db/tables';
import { bodyValidator, invalid } from '../http/body-validation';
import { AbpError, conflict, notFound } from '../http/errors';
import { HAND_CHECKED } from '../http/route-schemas';
import { UUID } from '../identity/scope';
import { enqueueJobs, kickJobs } from '../jobs';
import { translate } from '../localization/texts';
import { anyOf } from '../permissions/guard';
import { confirmationMatches, confirmationText, eraseSubject, previewErasure, type ErasureCounts } from './erasure';
import { PRIVACY_EXPORT_JOB } from './export-job';
import { exportDto, exportLimitProblem, type ExportRow } from './exports';
import { CONFLICT, ERASURE_BODY, ERASURE_PREVIEW, ERASURE_RESULT, EXPORT_RECORD, GONE, ID_PARAMS, REFUSALS, SUBJECT_BODY, SUBJECT_QUERY, tags, TOO_MANY, ZIP_FILE } from './route-schemas';
import { resolveSubject, type Subject } from './subject';
import type { PrivacySubjectType } from './tables';

const BASE = '/api/app/privacy';
/** Staff (citizens) act on their tenant's citizens and carers; a carer (account) on themselves. */
const config = { policy: anyOf(POLICIES.citizens, POLICIES.account) };

interface SubjectInput {
  subjectType: PrivacySubjectType;
  subjectId: string;
}
const label = (member: string, lang: string) => translate(`privacy:fields.${member}`, lang);
const readSubject = bodyValidator<SubjectInput>(SUBJECT_BODY, { label });
const readQuery = bodyValidator<SubjectInput>(SUBJECT_QUERY, { label });
const readErasure = bodyValidator<SubjectInput & { confirmation?: string }>(ERASURE_BODY, { label });

/** An audit entry written by hand (GET downloads are not audited by themselves); a self-erasure leaves no name or address. */
async function audit(db: Db, request: FastifyRequest, status: number, change: EntityChange, anonymous = false): Promise<void> {
  await writeAuditLog(db, request, { status, entityChanges: [change] });
  if (anonymous)
    await db
      .updateTable('audit_logs')
      .set({ user_name: null, client_ip_address: null, browser_info: null })
      .where('user_id', '=', request.principal!.userId)
      .where('url', '=', request.url.slice(0, 2048))
      .where('http_method', '=', request.method)
      .execute();
}

const change = (entityType: string, entityId: string, changeType: 0 | 1 | 2, values: Record<string, unknown>): EntityChange => ({
  entityType,
  entityId,
  changeType,
  propertyChanges: Object.entries(values).map(([propertyName, newValue]) => ({ propertyName, originalValue: null, newValue })),
});

const countsChange = (counts: ErasureCounts) =>
  Object.fromEntries(Object.entries(counts).flatMap(([group, kinds]) => Object.entries(kinds).map(([kind, n]) => [`${group}.${kind}`, n])));

export async function privacyRoutes(app: FastifyInstance, db: Db): Promise<void> {
  /** The caller's own export (anyone else's is not there). */
  async function ownExport(request: FastifyRequest, trx: Db = db, lock = false): Promise<ExportRow> {
    const { id } = request.params as { id: string };
    let query = trx.selectFrom('privacy_exports').selectAll().where('id', '=', UUID.test(id) ? id : '00000000-0000-0000-0000-000000000000').where('requested_by', '=', request.principal!.userId);
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw notFound(translate('privacy:errors.exportNotFound', request.language), 'Vigil:Privacy.ExportNotFound');
    return row;
  }

  app.post(
    `${BASE}/exports`,
    { config, ...HAND_CHECKED, schema: { tags, summary: 'Export everything Vigil holds about a citizen or a carer (made in the background)', body: SUBJECT_BODY, response: { 200: EXPORT_RECORD, ...REFUSALS, ...TOO_MANY } } },
    async (request, reply) => {
      const lang = request.language;
      const input = readSubject(request.body, lang);
      const subject = await resolveSubject(db, request, input.subjectType, input.subjectId);
      const userId = request.principal!.userId;
      const limit = await exportLimitProblem(db, userId);
      if (limit) {
        reply.header('retry-after', String(limit.retryAfter));
        throw new AbpError(429, translate(`privacy:errors.${limit.reason}`, lang), { code: 'Vigil:TooManyRequests' });
      }
      const id = randomUUID();
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('privacy_exports')
          .values({ id, tenant_id: subject.tenantId, requested_by: userId, subject_type: subject.type, subject_id: subject.id, subject_name: subject.name })
          .returningAll()
          .executeTakeFirstOrThrow();
        await enqueueJobs(trx, [{ kind: PRIVACY_EXPORT_JOB, payload: { exportId: id }, uniqueKey: `${PRIVACY_EXPORT_JOB}:${id}` }]);
        await audit(trx, request, 200, change('Vigil.Privacy.Export', id, 0, { subjectType: subject.type, subjectId: subject.id }));
        return inserted;
      });
      kickJobs();
      return exportDto(row);
    },
  );

  app.get(
    `${BASE}/exports/:id`,
    { config, schema: { tags, summary: 'An export the caller asked for: its state and progress', params: ID_PARAMS, response: { 200: EXPORT_RECORD } } },
    async (request) => exportDto(await ownExport(request)),
  );

  app.get(
    `${BASE}/exports/:id/download`,
    { config, schema: { tags, summary: "An export's archive, once: it is deleted as it is sent", params: ID_PARAMS, response: { 200: ZIP_FILE, ...CONFLICT, ...GONE } } },
    async (request, reply) => {
      const lang = request.language;
      const archive = await db.transaction().execute(async (trx) => {
        const row = await ownExport(request, trx, true);
        if (row.state === 'downloaded' || row.state === 'failed') throw new AbpError(410, translate('privacy:errors.exportGone', lang), { code: 'Vigil:Privacy.ExportGone' });
        if (row.state !== 'ready' || !row.archive) throw conflict(translate('privacy:errors.exportNotReady', lang), 'Vigil:Privacy.ExportNotReady');
        await trx.updateTable('privacy_exports').set({ state: 'downloaded', archive: null, downloaded_time: new Date() }).where('id', '=', row.id).execute();
        await audit(trx, request, 200, change('Vigil.Privacy.Export', row.id, 1, { state: 'downloaded', subjectType: row.subject_type, subjectId: row.subject_id }));
        return row.archive;
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="vigil-export-${new Date().toISOString().slice(0, 10)}.zip"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(archive));
    },
  );

  app.get(
    `${BASE}/erasures/preview`,
    { config, ...HAND_CHECKED, schema: { tags, summary: 'What an erasure of a citizen or a carer would erase, anonymise and keep, and the text that confirms it', querystring: SUBJECT_QUERY, response: { 200: ERASURE_PREVIEW, ...REFUSALS } } },
    async (request) => {
      const input = readQuery(request.query, request.language);
      const subject = await resolveSubject(db, request, input.subjectType, input.subjectId);
      return { subjectType: subject.type, subjectId: subject.id, subjectName: subject.name, confirmation: confirmationText(subject, request.language), counts: await previewErasure(db, subject) };
    },
  );

  app.post(
    `${BASE}/erasures`,
    { config, ...HAND_CHECKED, schema: { tags, summary: "Erase a citizen's or a carer's personal data (irreversible; confirmed by the preview's text)", body: ERASURE_BODY, response: { 200: ERASURE_RESULT, ...REFUSALS, ...CONFLICT } } },
    async (request) => {
      const lang = request.language;
      const input = readErasure(request.body, lang);
      const subject: Subject = await resolveSubject(db, request, input.subjectType, input.subjectId);
      if (!confirmationMatches(subject, lang, input.confirmation))
        throw invalid(lang, [{ members: ['confirmation'], message: translate('privacy:errors.confirmation', lang, { text: confirmationText(subject, lang) }) }]);
      // Billing would go on charging an account that is gone: pause or transfer first, as for account deletion.
      if (subject.type === 'user') {
        const active = await activeSubscriptionCount(db, subject.id);
        if (active > 0) throw conflict(translate('privacy:errors.activeSubscriptions', lang, { count: active }), 'Vigil:ActiveSubscriptions');
      }
      const self = subject.type === 'user' && subject.id === request.principal!.userId;
      const erasedTime = new Date();
      const counts = await db.transaction().execute(async (trx) => {
        const done = await eraseSubject(trx, subject);
        await audit(trx, request, 200, change(`Vigil.Privacy.Erasure.${subject.type}`, subject.id, 2, countsChange(done)), self);
        return done;
      });
      return { subjectType: subject.type, subjectId: subject.id, erasedTime: erasedTime.toISOString(), counts };
    },
  );
}
