import type { Db } from '../db/database';
import { DEFAULT_LANGUAGE_SETTING } from '../localization/languages';
import { findLanguage, DEFAULT_LANGUAGE } from '../../common/languages';

export interface Receiver {
  deviceId: string;
  userId: string | null;
  email: string;
  language: string;
}

/**
 * Who hears a device's alarms: its owner and its active alarm receivers, each once (a receiver
 * who is also the owner, or listed twice by user or email, is one receiver). Language: the
 * receiver's own, else the user's language setting, else the tenant's, else the host's.
 */
export async function receiversOf(db: Db, deviceIds: readonly string[]): Promise<Map<string, Receiver[]>> {
  const out = new Map<string, Receiver[]>();
  if (deviceIds.length === 0) return out;
  const [owners, invited] = await Promise.all([
    db
      .selectFrom('devices')
      .innerJoin('users', 'users.id', 'devices.owner_user_id')
      .select(['devices.id as device_id', 'devices.tenant_id', 'users.id as user_id', 'users.email'])
      .where('devices.id', 'in', deviceIds)
      .where('users.is_deleted', '=', false)
      .where('users.is_active', '=', true)
      .execute(),
    db
      .selectFrom('device_alarm_receivers as r')
      .innerJoin('devices', 'devices.id', 'r.device_id')
      .leftJoin('users', 'users.id', 'r.user_id')
      .select(['r.device_id', 'devices.tenant_id', 'r.user_id', 'r.email', 'r.language', 'users.is_deleted', 'users.is_active'])
      .where('r.device_id', 'in', deviceIds)
      .where('r.status', '=', 'active')
      .execute(),
  ]);
  const userIds = [...new Set([...owners.map((o) => o.user_id), ...invited.map((r) => r.user_id)].filter((u): u is string => !!u))];
  const tenantIds = [...new Set(owners.map((o) => o.tenant_id).concat(invited.map((r) => r.tenant_id)).filter((t): t is string => !!t))];
  const settings = await db
    .selectFrom('settings')
    .select(['provider_name', 'provider_key', 'value'])
    .where('name', '=', DEFAULT_LANGUAGE_SETTING)
    .where((eb) =>
      eb.or([
        eb('provider_name', 'is', null),
        ...(userIds.length ? [eb.and([eb('provider_name', '=', 'U'), eb('provider_key', 'in', userIds)])] : []),
        ...(tenantIds.length ? [eb.and([eb('provider_name', '=', 'T'), eb('provider_key', 'in', tenantIds)])] : []),
      ]),
    )
    .execute();
  const setting = (provider: string | null, key: string | null) => settings.find((s) => s.provider_name === provider && (provider === null || s.provider_key === key))?.value;
  const languageOf = (own: string | null, userId: string | null, tenantId: string | null) =>
    (findLanguage(own) ?? findLanguage(setting('U', userId)) ?? findLanguage(setting('T', tenantId)) ?? findLanguage(setting(null, null)) ?? DEFAULT_LANGUAGE).cultureName;

  const add = (r: Receiver) => {
    const list = out.get(r.deviceId) ?? [];
    const email = r.email.toLowerCase();
    if (list.some((x) => (r.userId && x.userId === r.userId) || x.email.toLowerCase() === email)) return;
    list.push(r);
    out.set(r.deviceId, list);
  };
  for (const o of owners) add({ deviceId: o.device_id, userId: o.user_id, email: o.email, language: languageOf(null, o.user_id, o.tenant_id) });
  for (const r of invited) {
    // A receiver whose account was deleted or deactivated is alarmed by mail only.
    const userId = r.user_id && r.is_deleted === false && r.is_active !== false ? r.user_id : null;
    add({ deviceId: r.device_id, userId, email: r.email, language: languageOf(r.language, r.user_id, r.tenant_id) });
  }
  return out;
}
