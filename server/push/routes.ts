import type {} from '@fastify/swagger';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { invalid } from '../http/body-validation';
import { type Api, type Checked, NO_CONTENT, pathParams, querySchema, UUID_STRING } from '../http/route-schemas';
import { ABP_ERROR_RESPONSE, AbpError, notFound } from '../http/errors';
import { translate } from '../localization/texts';
import type { ModuleContext } from '../module-context';
import { ANONYMOUS, AUTHENTICATED } from '../permissions/guard';
import { vapidKeys } from './keys';
import { endpointProblem, keyProblems, MAX_DEVICE_NAME_LENGTH, MAX_ENDPOINT_LENGTH } from './validation';

const BASE = '/api/app/push';
const tags = ['push'];
/** A user's subscriptions past this many: the oldest go (a browser re-subscribing makes a new one). */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

const KEYS = {
  type: 'object',
  properties: { p256dh: { type: 'string', minLength: 1, maxLength: 200 }, auth: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['p256dh', 'auth'],
  additionalProperties: false,
} as const;
const ENDPOINT = { type: 'string', minLength: 1, maxLength: MAX_ENDPOINT_LENGTH } as const;
const SUBSCRIBE_BODY = {
  type: 'object',
  properties: {
    endpoint: ENDPOINT,
    keys: KEYS,
    deviceName: { type: ['string', 'null'], maxLength: MAX_DEVICE_NAME_LENGTH },
    // PushSubscription.toJSON() has it; it is not kept.
    expirationTime: { type: ['number', 'null'] },
  },
  required: ['endpoint', 'keys'],
  additionalProperties: false,
} as const;
/** The browser's new subscription and the old one it replaces, proven by the old one's auth secret. */
const RENEW_BODY = {
  type: 'object',
  properties: {
    oldEndpoint: ENDPOINT,
    oldAuth: { type: 'string', minLength: 1, maxLength: 100 },
    endpoint: ENDPOINT,
    keys: KEYS,
    expirationTime: { type: ['number', 'null'] },
  },
  required: ['oldEndpoint', 'oldAuth', 'endpoint', 'keys'],
  additionalProperties: false,
} as const;
const ENDPOINT_QUERY = querySchema({ endpoint: ENDPOINT }, ['endpoint']);
const EMPTY_QUERY = querySchema({});
const NO_PARAMS = pathParams({});

const SUBSCRIPTION = {
  type: 'object',
  properties: {
    id: UUID_STRING,
    endpoint: { type: 'string' },
    deviceName: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    lastSuccessAt: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['id', 'endpoint', 'deviceName', 'createdAt', 'lastSuccessAt'],
} as const;
const SUBSCRIPTION_LIST = { type: 'object', properties: { items: { type: 'array', items: SUBSCRIPTION } }, required: ['items'] } as const;
const PUBLIC_KEY = { type: 'object', properties: { publicKey: { type: 'string' } }, required: ['publicKey'] } as const;
const REFUSALS = { 400: ABP_ERROR_RESPONSE, 401: ABP_ERROR_RESPONSE, 403: ABP_ERROR_RESPONSE } as const;

type Keys = Checked<typeof KEYS>;

const fieldLabel = (member: string, lang: string) => translate(`push:fields.${member.replace(/^keys\./, '')}`, lang);

interface Row {
  id: string;
  endpoint: string;
  device_name: string | null;
  created_at: Date;
  last_success_at: Date | null;
}
const dto = (row: Row) => ({
  id: row.id,
  endpoint: row.endpoint,
  deviceName: row.device_name,
  createdAt: new Date(row.created_at).toISOString(),
  lastSuccessAt: row.last_success_at ? new Date(row.last_success_at).toISOString() : null,
});

/**
 * Web Push subscriptions (issue 16): the server's public VAPID key, and the signed-in user's own
 * subscriptions: add (or re-register) this browser's, list, remove. One endpoint has one owner: a
 * browser re-subscribing under another account moves it there, when it presents the same keys
 * (the browser's subscription is the proof of possession; an endpoint alone is not). Nobody can
 * see or remove another user's subscriptions.
 */
export async function pushRoutes(app: Api, ctx: ModuleContext): Promise<void> {
  const { db, config } = ctx;
  const allowLocalHttp = config.push.allowLocalHttp;

  /** 400 for an endpoint or keys no push service would give, in the caller's language. */
  const checkSubscription = (lang: string, endpoint: string, keys: Keys, endpointMember = 'endpoint') => {
    const problems = [];
    const endpointIssue = endpointProblem(endpoint, allowLocalHttp);
    if (endpointIssue) problems.push({ members: [endpointMember], message: translate(`push:errors.endpoint.${endpointIssue}`, lang) });
    for (const key of keyProblems(keys)) problems.push({ members: [`keys.${key}`], message: translate(`push:errors.${key}`, lang) });
    if (problems.length) throw invalid(lang, problems);
  };

  app.get(
    `${BASE}/public-key`,
    { config: { policy: AUTHENTICATED }, schema: { tags, summary: "The server's VAPID public key (applicationServerKey for PushManager.subscribe)", params: NO_PARAMS, querystring: EMPTY_QUERY, response: { 200: PUBLIC_KEY, ...REFUSALS } } },
    async () => ({ publicKey: (await vapidKeys(db)).publicKey }),
  );

  app.get(
    `${BASE}/subscriptions`,
    { config: { policy: AUTHENTICATED }, schema: { tags, summary: "The signed-in user's push subscriptions", params: NO_PARAMS, querystring: EMPTY_QUERY, response: { 200: SUBSCRIPTION_LIST, ...REFUSALS } } },
    async (request) => {
      const rows = await db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'device_name', 'created_at', 'last_success_at'])
        .where('user_id', '=', request.principal!.userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return { items: rows.map(dto) };
    },
  );

  app.post(
    `${BASE}/subscriptions`,
    {
      config: { policy: AUTHENTICATED, fieldLabel },
      schema: { tags, summary: "Registers this browser's push subscription for the signed-in user", params: NO_PARAMS, querystring: EMPTY_QUERY, body: SUBSCRIBE_BODY, response: { 200: SUBSCRIPTION, ...REFUSALS, 409: ABP_ERROR_RESPONSE } },
    },
    async (request) => {
      const lang = request.language;
      const body = request.body;
      checkSubscription(lang, body.endpoint, body.keys);
      const principal = request.principal!;
      const deviceName = body.deviceName?.trim() || null;
      const row = await db.transaction().execute(async (trx) => {
        const saved = await upsertOwned(trx, { userId: principal.userId, tenantId: principal.tenantId ?? null, endpoint: body.endpoint, keys: body.keys, deviceName });
        if (!saved) return undefined;
        await dropOldest(trx, principal.userId);
        return saved;
      });
      if (!row) throw new AbpError(409, translate('push:errors.taken', lang), { code: 'Vigil.Push:SubscriptionTaken' });
      return dto(row);
    },
  );

  app.delete(
    `${BASE}/subscriptions`,
    {
      config: { policy: AUTHENTICATED, fieldLabel },
      schema: { tags, summary: "Removes one of the signed-in user's push subscriptions (by endpoint)", params: NO_PARAMS, querystring: ENDPOINT_QUERY, response: { ...NO_CONTENT, ...REFUSALS, 404: ABP_ERROR_RESPONSE } },
    },
    async (request, reply) => {
      const lang = request.language;
      const { endpoint } = request.query;
      const removed = await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', request.principal!.userId).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw notFound(translate('push:errors.notFound', lang), 'Vigil.Push:SubscriptionNotFound');
      return reply.status(204).send();
    },
  );

  /**
   * The service worker's pushsubscriptionchange: the browser replaced its subscription and the
   * worker has no access token. The old subscription's endpoint and auth secret (known only to
   * that browser and this server) prove it is the same browser; the new one takes its place and
   * keeps its owner.
   */
  app.post(
    `${BASE}/subscriptions/renew`,
    {
      config: { policy: ANONYMOUS, fieldLabel },
      schema: { tags, summary: 'Replaces a push subscription the browser renewed (proven by the old one’s auth secret)', params: NO_PARAMS, querystring: EMPTY_QUERY, body: RENEW_BODY, response: { ...NO_CONTENT, 400: ABP_ERROR_RESPONSE, 404: ABP_ERROR_RESPONSE, 409: ABP_ERROR_RESPONSE } },
    },
    async (request, reply) => {
      const lang = request.language;
      const body = request.body;
      checkSubscription(lang, body.endpoint, body.keys);
      const outcome = await db.transaction().execute(async (trx) => {
        const old = await trx.selectFrom('push_subscriptions').select(['id', 'user_id', 'tenant_id', 'auth', 'device_name']).where('endpoint', '=', body.oldEndpoint).forUpdate().executeTakeFirst();
        if (!old || !sameSecret(old.auth, body.oldAuth)) return 'notFound' as const;
        if (body.endpoint === body.oldEndpoint) {
          await trx.updateTable('push_subscriptions').set({ p256dh: body.keys.p256dh, auth: body.keys.auth }).where('id', '=', old.id).execute();
          return 'ok' as const;
        }
        const saved = await upsertOwned(trx, { userId: old.user_id, tenantId: old.tenant_id, endpoint: body.endpoint, keys: body.keys, deviceName: old.device_name });
        if (!saved) return 'taken' as const;
        await trx.deleteFrom('push_subscriptions').where('id', '=', old.id).execute();
        return 'ok' as const;
      });
      if (outcome === 'notFound') throw notFound(translate('push:errors.notFound', lang), 'Vigil.Push:SubscriptionNotFound');
      if (outcome === 'taken') throw new AbpError(409, translate('push:errors.taken', lang), { code: 'Vigil.Push:SubscriptionTaken' });
      return reply.status(204).send();
    },
  );
}

/** The old auth secret is this anonymous route's only proof: compared in constant time, '=' padding aside. */
const sameSecret = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a.replace(/=+$/, '')), Buffer.from(b.replace(/=+$/, ''))];
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Inserts the subscription for the user, or re-registers it: an endpoint already the user's gets
 * the new keys and counts as new; another user's moves to this one only when the keys are the ones
 * stored (the same browser subscription, signed in under another account). Undefined when the
 * endpoint is another user's with other keys.
 */
async function upsertOwned(db: Db, input: { userId: string; tenantId: string | null; endpoint: string; keys: Keys; deviceName: string | null }): Promise<Row | undefined> {
  return db
    .insertInto('push_subscriptions')
    .values({ id: randomUUID(), user_id: input.userId, tenant_id: input.tenantId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, device_name: input.deviceName, created_at: new Date() })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({
          user_id: input.userId,
          tenant_id: input.tenantId,
          p256dh: (eb) => eb.ref('excluded.p256dh'),
          auth: (eb) => eb.ref('excluded.auth'),
          device_name: (eb) => eb.ref('excluded.device_name'),
          created_at: (eb) => eb.ref('excluded.created_at'),
        })
        .where((eb) =>
          eb.or([
            eb('push_subscriptions.user_id', '=', input.userId),
            eb.and([eb('push_subscriptions.p256dh', '=', input.keys.p256dh), eb('push_subscriptions.auth', '=', input.keys.auth)]),
          ]),
        ),
    )
    .returning(['id', 'endpoint', 'device_name', 'created_at', 'last_success_at'])
    .executeTakeFirst();
}

/** Keeps the user's newest MAX_SUBSCRIPTIONS_PER_USER subscriptions. */
async function dropOldest(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy(sql`id`, 'desc').limit(MAX_SUBSCRIPTIONS_PER_USER),
    )
    .execute();
}
