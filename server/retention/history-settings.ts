import { sql } from 'kysely';
import type { Db } from '../db/database';
import { DAY_MS, expiresAt, HISTORY_CLASSES, rangeAt, type HistoryClass } from '../history/classes';
import { ESCALATING_TYPES } from '../../common/alarm-kinds';
import { nextSlot } from '../jobs';
import { translate } from '../localization/texts';

/** Counting what goes stops here: the screen says "more than". */
const COUNT_CAP = 100_000;

/** What a tenant must keep whatever it chooses: its oldest unanswered alarm and its oldest unpaid invoice's period. */
export async function keepNeeds(db: Db, tenantId: string): Promise<{ alarm: Date | null; invoice: Date | null }> {
  const alarm = await db
    .selectFrom('device_events as e')
    .innerJoin('devices as d', 'd.id', 'e.device_id')
    .select((eb) => eb.fn.min('e.event_time').as('t'))
    .where('d.tenant_id', '=', tenantId)
    .where('e.type', 'in', [...ESCALATING_TYPES])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('alarm_acknowledgments as a').select('a.event_id').whereRef('a.event_id', '=', 'e.id'))))
    .executeTakeFirst();
  const invoice = await db.selectFrom('billing_invoices').select((eb) => eb.fn.min('period_start').as('t')).where('tenant_id', '=', tenantId).where('status', '=', 'open').executeTakeFirst();
  const at = (t: unknown) => (t ? new Date(t as string | Date) : null);
  return { alarm: at(alarm?.t), invoice: at(invoice?.t) };
}

/** Why a period cannot be chosen (in the caller's language), or null when it can. */
export function refusalOf(days: HistoryClass, maxDays: HistoryClass, needs: { alarm: Date | null; invoice: Date | null }, lang: string, now = new Date()): string | null {
  if (days > maxDays) return translate('retention.overMaximum', lang, { max: maxDays });
  // A row is dropped a class after its range ends, at the earliest a class after it was written.
  const cutoff = new Date(now.getTime() - days * DAY_MS + DAY_MS);
  const date = (d: Date) => d.toISOString().slice(0, 10);
  if (needs.alarm && needs.alarm < cutoff) return translate('retention.openAlarm', lang, { date: date(needs.alarm) });
  if (needs.invoice && needs.invoice < cutoff) return translate('retention.unpaidInvoice', lang, { date: date(needs.invoice) });
  return null;
}

export interface NextRemoval {
  before: Date;
  at: Date;
  positions: number;
  events: number;
  more: boolean;
}

/**
 * What the next drop of the tenant's class removes of its history: everything before the end of
 * the range holding its oldest position or event, at the first daily run after that range
 * expires. Counts stop at COUNT_CAP. Null when the tenant has no history in its class.
 */
export async function nextRemoval(db: Db, tenantId: string | null, days: HistoryClass, now = new Date()): Promise<NextRemoval | null> {
  const devices = db.selectFrom('devices').select('id').where((eb) => (tenantId === null ? eb('tenant_id', 'is', null) : eb('tenant_id', '=', tenantId)));
  const oldest = await sql<{ p: Date | string | null; e: Date | string | null }>`
    select (select min(fix_time) from positions where keep_days = ${days} and device_id in (${devices})) as p,
           (select min(event_time) from device_events where keep_days = ${days} and device_id in (${devices})) as e`.execute(db);
  const times = [oldest.rows[0]?.p, oldest.rows[0]?.e].filter((t): t is Date | string => t !== null && t !== undefined).map((t) => new Date(t).getTime());
  if (times.length === 0) return null;
  const range = rangeAt('positions', days, new Date(Math.min(...times)));
  const expires = expiresAt(range);
  const at = expires <= now ? nextSlot(DAY_MS, now.getTime()) : nextSlot(DAY_MS, expires.getTime() - 1);
  const count = async (table: 'positions' | 'device_events', time: 'fix_time' | 'event_time') => {
    const r = await sql<{ n: string }>`select count(*) as n from (select 1 from ${sql.table(table)} where keep_days = ${days} and ${sql.ref(time)} < ${range.to} and device_id in (${devices}) limit ${COUNT_CAP + 1}) s`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  };
  const positions = await count('positions', 'fix_time');
  const events = await count('device_events', 'event_time');
  return { before: range.to, at, positions: Math.min(positions, COUNT_CAP), events: Math.min(events, COUNT_CAP), more: positions > COUNT_CAP || events > COUNT_CAP };
}

/** The periods to choose from, each allowed or with the reason it is not. */
export function choicesFor(maxDays: HistoryClass, needs: { alarm: Date | null; invoice: Date | null }, lang: string, now = new Date()) {
  return HISTORY_CLASSES.map((days) => {
    const reason = refusalOf(days, maxDays, needs, lang, now);
    return { days, allowed: reason === null, reason };
  });
}
