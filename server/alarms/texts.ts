import { sql } from 'kysely';
import type { Db } from '../db/database';
import { findLanguage, DEFAULT_LANGUAGE } from '../../common/languages';
import { translate } from '../localization/texts';
import { textKeysOf, type AlarmType } from '../../common/alarm-kinds';

/** A tenant's own alarm text (the alarm-texts schema resource), by event type and culture. */
export type TenantTexts = Map<string, { subject: string; body: string }>;

/** Alarm texts of these tenants, keyed `${tenantId}|${eventType}|${culture}`. */
export async function loadTenantTexts(db: Db, tenantIds: readonly (string | null)[]): Promise<TenantTexts> {
  const ids = [...new Set(tenantIds.filter((t): t is string => t !== null))];
  const out: TenantTexts = new Map();
  if (ids.length === 0) return out;
  const exists = await sql<{ ok: boolean }>`select to_regclass('alarm_texts') is not null as ok`.execute(db);
  if (!exists.rows[0]?.ok) return out;
  const rows = await db
    .selectFrom('alarm_texts')
    .select(['tenant_id', 'event_type', 'language', 'subject', 'body'])
    .where('tenant_id', 'in', ids)
    .where('is_deleted', '=', false)
    .execute();
  for (const r of rows) out.set(`${r.tenant_id}|${r.event_type}|${findLanguage(r.language)?.cultureName ?? r.language}`, { subject: r.subject, body: r.body });
  return out;
}

/** Placeholders of alarm texts ({{name}}), in the product's texts and the tenants' own. */
export const PLACEHOLDERS = ['device', 'zone', 'time', 'battery', 'since', 'place', 'distance', 'link'] as const;
export type TextValues = Record<(typeof PLACEHOLDERS)[number], string>;

const fill = (text: string, values: Readonly<Record<string, string>>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));

/** The subject and body templates of an alarm in a language: the tenant's own text when it has one, else ours. */
export function alarmTemplate(texts: TenantTexts, tenantId: string | null, type: AlarmType, language: string): { subject: string; body: string; own: boolean } {
  const culture = (findLanguage(language) ?? DEFAULT_LANGUAGE).cultureName;
  const own = texts.get(`${tenantId}|${type}|${culture}`);
  if (own) return { ...own, own: true };
  const keys = textKeysOf(type);
  return { subject: translate(keys.subject, culture), body: translate(keys.body, culture), own: false };
}

/** A template filled with values in one pass (a value that looks like a placeholder stays as it is). */
export const fillTemplate = fill;

/** Subject and body of an alarm in a language: the tenant's own text when it has one, else ours (renderAlarm in render.ts adds place, link, HTML). */
export function alarmText(texts: TenantTexts, tenantId: string | null, type: AlarmType, language: string, values: Partial<TextValues>) {
  const t = alarmTemplate(texts, tenantId, type, language);
  // Placeholders without a value (a caller that knows no place) are left out, never shown as {{place}}.
  const all: TextValues = { device: '', zone: '', time: '', battery: '', since: '', place: '', distance: '', link: '', ...values };
  return { subject: fill(t.subject, all), body: fill(t.body, all) };
}
