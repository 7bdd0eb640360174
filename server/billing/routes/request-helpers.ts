import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { FEATURES } from '../../../common/features';
import type { Db } from '../../db/database';
import { badRequest, forbidden, unauthorized } from '../../http/errors';
import { translate } from '../../localization/texts';
import { featureValues } from '../../tenancy/features';
import type { Caller } from '../service/subscriptions';

/** The signed-in caller as billing's services take it; billing switched off for the tenant is a 403. */
export async function callerOf(db: Db, request: FastifyRequest): Promise<Caller> {
  const principal = request.principal;
  if (!principal) throw unauthorized(translate('errors.unauthorized', request.language));
  const features = await featureValues(db, principal.tenantId);
  if (features[FEATURES.billing.name] === 'false') throw forbidden(translate('billing:errors.billingOff', request.language), 'Vigil:Billing.Off');
  return { userId: principal.userId, tenantId: principal.tenantId, lang: request.language };
}

const KEY = /^[\w:.-]{8,200}$/;
const WAIT_MS = 100;
const MAX_WAIT_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a mutating request once per client Idempotency-Key header (the web app sends one per
 * click): a repeat with the same key waits for the first and gets its answer, so a double click
 * or a retried request never acts twice. A request that failed leaves no answer, so the same key
 * may try again. Without the header, the work runs with a fresh key (services still check state).
 */
export async function once<T>(db: Db, request: FastifyRequest, route: string, work: (key: string) => Promise<T>): Promise<T> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return work(randomUUID());
  const key = String(header);
  if (!KEY.test(key)) throw badRequest(translate('billing:errors.idempotencyKey', request.language));
  const userId = request.principal!.userId;
  for (let waited = 0; waited <= MAX_WAIT_MS; ) {
    const claimed = await db
      .insertInto('billing_requests')
      .values({ user_id: userId, idempotency_key: key, route })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning('idempotency_key')
      .executeTakeFirst();
    if (claimed) {
      try {
        const result = await work(`${userId}:${key}`);
        await db.updateTable('billing_requests').set({ status_code: 200, response: JSON.stringify(result ?? null) }).where('user_id', '=', userId).where('idempotency_key', '=', key).execute();
        return result;
      } catch (err) {
        await db.deleteFrom('billing_requests').where('user_id', '=', userId).where('idempotency_key', '=', key).execute();
        throw err;
      }
    }
    const first = await db.selectFrom('billing_requests').select(['route', 'status_code', 'response']).where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
    if (first && first.route !== route) throw badRequest(translate('billing:errors.idempotencyKey', request.language));
    if (first?.status_code) return first.response as T;
    if (first) {
      await sleep(WAIT_MS);
      waited += WAIT_MS;
    }
  }
  throw badRequest(translate('billing:errors.idempotencyKey', request.language));
}
