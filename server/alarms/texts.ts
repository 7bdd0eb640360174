import { sql } from 'kysely';
import type { Db } from '../db/database';
import { findLanguage, DEFAULT_LANGUAGE } from '../../common/languages';
import { translate } from '../localization/texts';

/** Event types that reach receivers (mail and in-app message). */
export const ALARM_TYPES = ['geofenceExit', 'geofenceEnter', 'sos', 'fall', 'lowBattery', 'offline'] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];

/** A tenant's own alarm text (the alarm-texts schema resource), by event type and culture. */
export type TenantTexts = Map<string, { subject: string; body: string }>;

type AlarmTextRow = { tenant_id: string | null; event_type: string; language: string; subject: string; body: string; is_deleted: boolean };

/** Alarm texts of these tenants, keyed `${tenantId}|${eventType}|${culture}`. */
export async function loadTenantTexts(db: Db, tenantIds: readonly (string | null)[]): Promise<TenantTexts> {
  const ids = [...new Set(tenantIds.filter((t): t is string => t !== null))];
  const out: TenantTexts = new Map();
  if (ids.length === 0) return out;
  const exists = await sql<{ ok: boolean }>`select to_regclass('alarm_texts') is not null as ok`.execute(db);
  if (!exists.rows[0]?.ok) return out;
  const rows = await db
    .withTables<{ alarm_texts: AlarmTextRow }>()
    .selectFrom('alarm_texts')
    .select(['tenant_id', 'event_type', 'language', 'subject', 'body'])
    .where('tenant_id', 'in', ids)
    .where('is_deleted', '=', false)
    .execute();
  for (const r of rows) out.set(`${r.tenant_id}|${r.event_type}|${findLanguage(r.language)?.cultureName ?? r.language}`, { subject: r.subject, body: r.body });
  return out;
}

const two = (n: string | undefined) => (n ?? '00').padStart(2, '0');

/** Formatters by time zone (making one is far slower than using it; tenants share a few zones). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, year: '2-digit', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    if (formatters.size < 1000) formatters.set(timeZone, f);
  }
  return f;
}

/** HH:mm - dd/MM/yy (SPEC section 9) in a time zone. */
export function formatIn(time: Date, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterFor(timeZone).formatToParts(time);
  } catch {
    return formatIn(time, 'UTC');
  }
  const get = (type: string) => two(parts.find((p) => p.type === type)?.value);
  return `${get('hour')}:${get('minute')} - ${get('day')}/${get('month')}/${get('year')}`;
}

export interface TextValues {
  device: string;
  zone: string;
  time: string;
  battery: string;
}

const fill = (text: string, values: TextValues) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? values[name as keyof TextValues] : whole));

/** Subject and body of an alarm in a language: the tenant's own text when it has one, else ours. */
export function alarmText(texts: TenantTexts, tenantId: string | null, type: AlarmType, language: string, values: TextValues) {
  const culture = (findLanguage(language) ?? DEFAULT_LANGUAGE).cultureName;
  const own = texts.get(`${tenantId}|${type}|${culture}`);
  if (own) return { subject: fill(own.subject, values), body: fill(own.body, values) };
  const v = { ...values };
  return { subject: translate(`tracking:alarm.${type}.subject`, culture, v), body: translate(`tracking:alarm.${type}.body`, culture, v) };
}
