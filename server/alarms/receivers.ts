import type { Db } from '../db/database';
import { chosenLanguages } from '../accounts/user-language';
import { DEFAULT_LANGUAGE_SETTING } from '../languages/languages';
import { findLanguage, DEFAULT_LANGUAGE } from '../../common/languages';
import { alarmKindOf, STANDARD_CHANNELS, type AlarmChannel } from '../../common/alarm-kinds';
import type { EscalationStep, ReceiverChannels } from './tables';

export interface Receiver {
  deviceId: string;
  userId: string | null;
  email: string;
  language: string;
  /** Who in the escalation list: 'owner', or the device_alarm_receivers row's id. */
  key: string;
  /** The channels the owner chose for this receiver, else the standard ones (mail, push, in-app). */
  channels: AlarmChannel[];
  /** Whether the owner chose them: else each alarm kind goes on its own channels (channelsFor). */
  chosen: boolean;
  /** For SMS: the number the owner gave, else the account's. */
  phone: string | null;
  /** Place in the device's escalation order, 0 first (server/alarms/escalate.ts). */
  order: number;
  /**
   * The watch has no active subscription: its alarms reach this receiver in the app only, with no
   * mail, push or text message (docs/decisions/047-subscription-lifecycle.md).
   */
  inAppOnly: boolean;
}

/** A receiver as the delivery stage takes it. */
export type AlarmReceiver = Pick<Receiver, 'deviceId' | 'userId' | 'email' | 'language' | 'channels' | 'chosen' | 'phone' | 'inAppOnly'>;

/** The channels an alarm of this kind goes to a receiver on: the owner's choice, else the kind's; in the app only without a subscription. */
export function channelsFor(receiver: Pick<Receiver, 'channels' | 'chosen'> & { inAppOnly?: boolean }, type: string): readonly AlarmChannel[] {
  const channels = receiver.chosen ? receiver.channels : (alarmKindOf(type)?.channels ?? receiver.channels);
  return receiver.inAppOnly ? channels.filter((c) => c === 'inApp') : channels;
}

/** The escalation wait of a step when the owner set none. */
export const DEFAULT_WAIT_MINUTES = 5;

/** A device's escalation setup as stored (device_escalation), if the owner saved one. */
export interface EscalationSetup {
  steps: EscalationStep[];
  channels: Record<string, ReceiverChannels>;
}

export async function escalationSetups(db: Db, deviceIds: readonly string[]): Promise<Map<string, EscalationSetup>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db.selectFrom('device_escalation').select(['device_id', 'steps', 'channels']).where('device_id', 'in', deviceIds).execute();
  return new Map(rows.map((r) => [r.device_id, { steps: r.steps, channels: r.channels }]));
}

/**
 * The escalation steps of a device over its receivers now: the owner's saved list without anyone
 * no longer a receiver, else everyone in their order with the default wait.
 */
export function stepsOf(receivers: readonly Receiver[], setup: EscalationSetup | undefined): EscalationStep[] {
  const keys = new Set(receivers.map((r) => r.key));
  const saved = (setup?.steps ?? []).filter((s) => keys.has(s.receiver));
  if (setup && saved.length > 0) return saved;
  return [...receivers].sort((a, b) => a.order - b.order).map((r) => ({ receiver: r.key, waitMinutes: DEFAULT_WAIT_MINUTES }));
}

/**
 * Who hears a device's alarms: its owner and its active alarm receivers, each once (a receiver
 * who is also the owner, or listed twice by user or email, is one receiver). Each in their own
 * language: a user's is the one they chose in the app (accounts/user-language.ts); a receiver
 * without one keeps the language given at the invitation; else the tenant's, else the host's.
 */
export async function receiversOf(db: Db, deviceIds: readonly string[]): Promise<Map<string, Receiver[]>> {
  const out = new Map<string, Receiver[]>();
  if (deviceIds.length === 0) return out;
  const [owners, invited] = await Promise.all([
    db
      .selectFrom('devices')
      .innerJoin('users', 'users.id', 'devices.owner_user_id')
      .select(['devices.id as device_id', 'devices.tenant_id', 'devices.subscription_status', 'users.id as user_id', 'users.email', 'users.phone_number'])
      .where('devices.id', 'in', deviceIds)
      .where('users.is_deleted', '=', false)
      .where('users.is_active', '=', true)
      .execute(),
    db
      .selectFrom('device_alarm_receivers as r')
      .innerJoin('devices', 'devices.id', 'r.device_id')
      .leftJoin('users', 'users.id', 'r.user_id')
      .select(['r.id', 'r.device_id', 'devices.tenant_id', 'devices.subscription_status', 'r.user_id', 'r.email', 'r.language', 'users.is_deleted', 'users.is_active', 'users.phone_number'])
      .where('r.device_id', 'in', deviceIds)
      .where('r.status', '=', 'active')
      .orderBy('r.creation_time')
      .orderBy('r.id')
      .execute(),
  ]);
  const userIds = [...owners.map((o) => o.user_id), ...invited.flatMap((r) => (r.user_id ? [r.user_id] : []))];
  const tenantIds = [...new Set(owners.map((o) => o.tenant_id).concat(invited.map((r) => r.tenant_id)).filter((t): t is string => !!t))];
  const [setups, choices, defaults] = await Promise.all([
    escalationSetups(db, deviceIds),
    chosenLanguages(db, userIds),
    db
      .selectFrom('settings')
      .select(['provider_name', 'provider_key', 'value'])
      .where('name', '=', DEFAULT_LANGUAGE_SETTING)
      .where((eb) => eb.or([eb('provider_name', 'is', null), ...(tenantIds.length ? [eb.and([eb('provider_name', '=', 'T'), eb('provider_key', 'in', tenantIds)])] : [])]))
      .execute(),
  ]);
  const tenantDefault = (tenantId: string | null) =>
    findLanguage(defaults.find((s) => s.provider_name === 'T' && s.provider_key === tenantId)?.value) ?? findLanguage(defaults.find((s) => s.provider_name === null)?.value);
  /** The user's own choice (accounts/user-language.ts), else the one chosen at the invitation, else the tenant's, else the host's. */
  const languageOf = (userId: string | null, invitation: string | null, tenantId: string | null) =>
    (userId ? choices.get(userId) : undefined) ?? (findLanguage(invitation) ?? tenantDefault(tenantId) ?? DEFAULT_LANGUAGE).cultureName;

  const add = (r: Omit<Receiver, 'channels' | 'chosen' | 'phone' | 'order' | 'inAppOnly'>, subscription: string, accountPhone: string | null) => {
    const list = out.get(r.deviceId) ?? [];
    const email = r.email.toLowerCase();
    if (list.some((x) => (r.userId && x.userId === r.userId) || x.email.toLowerCase() === email)) return;
    const chosen = setups.get(r.deviceId)?.channels[r.key];
    list.push({ ...r, channels: chosen ? [...chosen.channels] : [...STANDARD_CHANNELS], chosen: chosen !== undefined, phone: chosen?.phone || accountPhone || null, order: list.length, inAppOnly: subscription !== 'active' });
    out.set(r.deviceId, list);
  };
  for (const o of owners) add({ deviceId: o.device_id, key: 'owner', userId: o.user_id, email: o.email, language: languageOf(o.user_id, null, o.tenant_id) }, o.subscription_status, o.phone_number);
  for (const r of invited) {
    // A receiver whose account was deleted or deactivated is alarmed by mail only.
    const userId = r.user_id && r.is_deleted === false && r.is_active !== false ? r.user_id : null;
    add({ deviceId: r.device_id, key: r.id, userId, email: r.email, language: languageOf(r.user_id, r.language, r.tenant_id) }, r.subscription_status, r.phone_number);
  }
  // The order of the device's escalation list; receivers it leaves out follow in their own order.
  for (const [deviceId, list] of out) {
    const steps = setups.get(deviceId)?.steps ?? [];
    const rank = (r: Receiver) => {
      const i = steps.findIndex((s) => s.receiver === r.key);
      return i >= 0 ? i : steps.length + r.order;
    };
    list.sort((a, b) => rank(a) - rank(b));
    list.forEach((r, i) => (r.order = i));
  }
  return out;
}
