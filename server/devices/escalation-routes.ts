import type {} from '@fastify/swagger';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { invalid } from '../http/body-validation';
import { ABP_ERROR_RESPONSE, type ValidationError } from '../http/errors';
import { querySchema, type Api } from '../http/route-schemas';
import { translate } from '../localization/texts';
import { fieldOf } from '../http/validation-errors';
import { receiversOf, stepsOf, escalationSetups, type Receiver } from '../alarms/receivers';
import { ALARM_CHANNELS } from '../../common/alarm-kinds';
import type { ReceiverChannels } from '../alarms/tables';
import { ownerOf, requireOwnDevice } from './scope';

const DASHBOARD = POLICIES.dashboard;
const tags = ['plugandplay-profile-escalation'];
export const MIN_WAIT_MINUTES = 1;
export const MAX_WAIT_MINUTES = 60;
/** Owner plus at most 20 receivers (MAX_RECEIVERS_PER_DEVICE). */
const MAX_STEPS = 21;

const REFUSALS = { 400: ABP_ERROR_RESPONSE, 401: ABP_ERROR_RESPONSE, 403: ABP_ERROR_RESPONSE, 404: ABP_ERROR_RESPONSE } as const;
const RECEIVER_KEY = { type: 'string', minLength: 1, maxLength: 64 } as const;
const CHANNEL = { type: 'string', enum: [...ALARM_CHANNELS] } as const;
const CHANNELS = { type: 'array', items: CHANNEL, minItems: 1, maxItems: ALARM_CHANNELS.length, uniqueItems: true } as const;
const PHONE = { type: ['string', 'null'], maxLength: 20, pattern: '^\\+?[0-9][0-9 ]{5,18}$' } as const;

const QUERY = { ...querySchema({ deviceId: { type: 'string', maxLength: 64 } as const }), required: ['deviceId'] } as const;
const BODY = {
  type: 'object',
  properties: {
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_STEPS,
      items: {
        type: 'object',
        properties: { receiver: RECEIVER_KEY, waitMinutes: { type: 'integer', minimum: MIN_WAIT_MINUTES, maximum: MAX_WAIT_MINUTES } },
        required: ['receiver', 'waitMinutes'],
        additionalProperties: false,
      },
    },
    channels: {
      type: 'array',
      maxItems: MAX_STEPS,
      items: {
        type: 'object',
        properties: { receiver: RECEIVER_KEY, channels: CHANNELS, phone: PHONE },
        required: ['receiver', 'channels'],
        additionalProperties: false,
      },
    },
  },
  required: ['steps'],
  additionalProperties: false,
} as const;

const RESPONSE = {
  type: 'object',
  properties: {
    deviceId: { type: 'string' },
    /** Whether the owner saved a list (else the default: everyone in order, 5 minutes each). */
    configured: { type: 'boolean' },
    steps: { type: 'array', items: { type: 'object', properties: { receiver: { type: 'string' }, waitMinutes: { type: 'integer' } }, required: ['receiver', 'waitMinutes'], additionalProperties: false } },
    receivers: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          receiver: { type: 'string' },
          email: { type: 'string' },
          name: { type: ['string', 'null'] },
          isOwner: { type: 'boolean' },
          channels: { type: 'array', items: CHANNEL },
          phone: { type: ['string', 'null'] },
          order: { type: 'integer' },
        },
        required: ['receiver', 'email', 'name', 'isOwner', 'channels', 'phone', 'order'],
        additionalProperties: false,
      },
    },
  },
  required: ['deviceId', 'configured', 'steps', 'receivers'],
  additionalProperties: false,
} as const;

/** A device's escalation list as the dashboard edits it. */
async function escalationDto(db: Db, deviceId: string) {
  const [receivers, setups, names] = await Promise.all([
    receiversOf(db, [deviceId]),
    escalationSetups(db, [deviceId]),
    db.selectFrom('device_alarm_receivers').select(['id', 'name']).where('device_id', '=', deviceId).execute(),
  ]);
  const list = receivers.get(deviceId) ?? [];
  const setup = setups.get(deviceId);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return {
    deviceId,
    configured: setup !== undefined,
    steps: stepsOf(list, setup),
    receivers: list.map((r: Receiver) => ({ receiver: r.key, email: r.email, name: r.key === 'owner' ? null : (nameOf.get(r.key) ?? null), isOwner: r.key === 'owner', channels: r.channels, phone: r.phone, order: r.order })),
  };
}

/**
 * The escalation order of one of the caller's devices (/api/plugandplay/profile/escalation): who
 * is alarmed next when nobody acknowledged, after how many minutes, and on which channels.
 */
export async function escalationRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  const path = '/api/plugandplay/profile/escalation';
  const fieldLabel = (member: string, lang: string) => translate(`devices:escalation.fields.${fieldOf(member)}`, lang);

  app.get(
    path,
    { config: { policy: DASHBOARD, fieldLabel }, schema: { tags, summary: "The escalation order, waits and channels of one of the caller's devices", querystring: QUERY, response: { 200: RESPONSE, ...REFUSALS } } },
    async (request) => {
      const device = await requireOwnDevice(db, ownerOf(request), request.query.deviceId, request.language);
      return escalationDto(db, device.id);
    },
  );

  app.put(
    path,
    { config: { policy: `${DASHBOARD}.Update`, fieldLabel }, schema: { tags, summary: "Set the escalation order, waits and channels of one of the caller's devices", querystring: QUERY, body: BODY, response: { 200: RESPONSE, ...REFUSALS } } },
    async (request) => {
      const lang = request.language;
      const device = await requireOwnDevice(db, ownerOf(request), request.query.deviceId, lang);
      const body = request.body;
      const receivers = (await receiversOf(db, [device.id])).get(device.id) ?? [];
      const byKey = new Map(receivers.map((r) => [r.key, r]));
      const problems: ValidationError[] = [];
      const seen = new Set<string>();
      body.steps.forEach((s, i) => {
        if (!byKey.has(s.receiver)) problems.push({ members: [`steps[${i}].receiver`], message: translate('devices:escalation.errors.notReceiver', lang) });
        else if (seen.has(s.receiver)) problems.push({ members: [`steps[${i}].receiver`], message: translate('devices:escalation.errors.twice', lang) });
        seen.add(s.receiver);
      });
      const channels: Record<string, ReceiverChannels> = {};
      for (const [i, c] of (body.channels ?? []).entries()) {
        const receiver = byKey.get(c.receiver);
        if (!receiver) {
          problems.push({ members: [`channels[${i}].receiver`], message: translate('devices:escalation.errors.notReceiver', lang) });
          continue;
        }
        const phone = c.phone?.trim() || null;
        if (c.channels.includes('sms') && !(phone ?? receiver.phone)) problems.push({ members: [`channels[${i}].phone`], message: translate('devices:escalation.errors.smsNeedsPhone', lang) });
        channels[c.receiver] = { channels: [...c.channels], phone };
      }
      if (problems.length) throw invalid(lang, problems);
      const steps = JSON.stringify(body.steps.map((s) => ({ receiver: s.receiver, waitMinutes: s.waitMinutes })));
      await db.transaction().execute(async (trx) => {
        // Channels of receivers the body leaves out are kept.
        const current = (await trx.selectFrom('device_escalation').select('channels').where('device_id', '=', device.id).forUpdate().executeTakeFirst())?.channels ?? {};
        const merged = JSON.stringify({ ...current, ...channels });
        await trx
          .insertInto('device_escalation')
          .values({ device_id: device.id, tenant_id: device.tenant_id, steps, channels: merged })
          .onConflict((oc) => oc.column('device_id').doUpdateSet({ steps, channels: merged, last_modification_time: new Date() }))
          .execute();
      });
      return escalationDto(db, device.id);
    },
  );
}
