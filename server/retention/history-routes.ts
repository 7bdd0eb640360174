import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../common/policies';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { isHistoryClass, type HistoryClass } from '../history/classes';
import { invalid } from '../http/body-validation';
import type { Api } from '../http/route-schemas';
import { enqueueJobs, kickJobs, type NoPayload } from '../jobs';
import { translate } from '../localization/texts';
import { choicesFor, keepNeeds, nextRemoval } from './history-settings';
import { HISTORY_RETENTION, HISTORY_RETENTION_BODY } from './route-schemas';

const ENDPOINT = '/api/app/retention/history';
export const HISTORY_MOVE_JOB = 'retention.history.move';

declare module '../jobs/catalogue' {
  interface JobPayloads {
    [HISTORY_MOVE_JOB]: NoPayload;
  }
}

/**
 * A tenant's retention of positions and events: how long, the choices (each allowed or with the
 * reason it is not: the host's maximum, an unanswered alarm, an unpaid invoice), and what the next
 * run removes and when. A host user acts for the tenant picked in the app bar; the host's own
 * period is RETENTION_HISTORY_DEFAULT_DAYS, so the host cannot change it here.
 */
export async function historyRetentionRoutes(app: Api, opts: { db: Db; config: Config }) {
  const { db, config } = opts;
  const tags = ['retention'];
  const { defaultDays, maxDays } = config.history;

  async function answer(request: FastifyRequest) {
    const tenantId = request.tenantId;
    const own = tenantId ? await db.selectFrom('tenant_retention').select(['history_days', 'pending']).where('tenant_id', '=', tenantId).executeTakeFirst() : undefined;
    const host = await db.selectFrom('retention_host').select(['default_days', 'pending']).executeTakeFirstOrThrow();
    const days = (own && isHistoryClass(own.history_days) ? own.history_days : defaultDays) as HistoryClass;
    const needs = tenantId ? await keepNeeds(db, tenantId) : { alarm: null, invoice: null };
    const lastRun = await db.selectFrom('audit_logs').select('execution_time').where('url', '=', 'job:retention.history').orderBy('execution_time', 'desc').limit(1).executeTakeFirst();
    return {
      historyDays: days,
      ownSetting: own !== undefined,
      hostDefaultDays: defaultDays,
      hostMaxDays: maxDays,
      choices: choicesFor(maxDays, needs, request.language),
      pending: own ? own.pending : host.pending,
      next: await nextRemoval(db, tenantId, days),
      lastRun: lastRun?.execution_time ?? null,
      logs: config.retention,
    };
  }

  app.get(ENDPOINT, { config: { policy: POLICIES.retention }, schema: { tags, summary: 'How long positions and events are kept, and what goes next', response: { 200: HISTORY_RETENTION } } }, answer);

  app.put(
    ENDPOINT,
    { config: { policy: `${POLICIES.retention}.Update` }, schema: { tags, summary: 'Choose how long positions and events are kept', body: HISTORY_RETENTION_BODY, response: { 200: HISTORY_RETENTION } } },
    async (request) => {
      const wanted = request.body.historyDays;
      const field = (message: string) => invalid(request.language, [{ message, members: ['historyDays'] }]);
      if (request.tenantId === null) throw field(translate('retention.hostDefault', request.language));
      const tenantId = request.tenantId;
      const days = wanted ?? defaultDays;
      const refusal = choicesFor(maxDays, await keepNeeds(db, tenantId), request.language).find((c) => c.days === days)?.reason;
      if (refusal) throw field(refusal);
      await db.transaction().execute(async (trx) => {
        if (wanted === null) {
          await trx.deleteFrom('tenant_retention').where('tenant_id', '=', tenantId).execute();
          // Back to the host's default: its history moves with every tenant that follows the default.
          await trx.updateTable('retention_host').set({ pending: true }).execute();
        } else {
          await trx
            .insertInto('tenant_retention')
            .values({ tenant_id: tenantId, history_days: days, pending: true, last_modifier_id: request.principal?.userId ?? null })
            .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ history_days: days, pending: true, last_modification_time: new Date(), last_modifier_id: request.principal?.userId ?? null }))
            .execute();
        }
        await enqueueJobs(trx, [{ kind: HISTORY_MOVE_JOB, uniqueKey: `${HISTORY_MOVE_JOB}:${tenantId}:${Date.now()}` }]);
      });
      kickJobs();
      return answer(request);
    },
  );
}
