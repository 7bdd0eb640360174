import { sql } from 'kysely';
import type { Db } from '../db/database';
import { translate } from '../localization/texts';
import { auditStep } from './audit-step';
import { deviceSteps, exportStep, inList, mailStep, type ErasureStep, type StepGroup } from './erasure-steps';
import { citizenSteps, securityLogStep, userSteps } from './profile-steps';
import type { Subject } from './subject';

export type ErasureCounts = Record<StepGroup, Record<string, number>>;

/** The text the caller types to confirm, naming the subject ('ERASE Anna Jensen'), in their language. */
export const confirmationText = (subject: Subject, lang: string) => `${translate('privacy:erasure.verb', lang)} ${subject.name}`.trim();

/** Typed confirmation: the caller's language or English, spacing aside. */
export function confirmationMatches(subject: Subject, lang: string, typed: string | undefined): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ');
  return typeof typed === 'string' && [confirmationText(subject, lang), confirmationText(subject, 'en')].some((t) => norm(t) === norm(typed));
}

/** Everything the steps need to know before anything changes: names to find mails by, ids to clean the audit trail of. */
async function stepsFor(db: Db, subject: Subject): Promise<ErasureStep[]> {
  const devices = subject.deviceIds;
  const names = devices.length ? (await db.selectFrom('devices').select('name').where('id', 'in', devices).execute()).map((d) => d.name) : [];
  const receivers = await sql<{ id: string }>`select id from device_alarm_receivers where ${inList('device_id', devices)}`.execute(db);
  const zones = await sql<{ id: string }>`select geofence_id as id from geofence_links where ${inList('device_id', devices)} or citizen_id = ${subject.id}`.execute(db);
  const places = subject.type === 'citizen' ? (await sql<{ id: string }>`select id from wifis where citizen_id = ${subject.id}`.execute(db)).rows : [];
  const entityIds = [subject.id, ...devices, ...receivers.rows.map((r) => r.id), ...zones.rows.map((z) => z.id), ...places.map((p) => p.id)];
  let userName = '';
  if (subject.type === 'user') userName = (await db.selectFrom('users').select('user_name').where('id', '=', subject.id).executeTakeFirstOrThrow()).user_name;
  return [
    ...deviceSteps(subject),
    mailStep(subject, names),
    exportStep(subject),
    auditStep(subject, entityIds),
    ...(subject.type === 'user' ? [securityLogStep(subject, userName), ...userSteps(subject, userName)] : citizenSteps(subject)),
  ];
}

const empty = (): ErasureCounts => ({ erased: {}, anonymised: {}, kept: {} });

/** What an erasure would do, counted per kind: nothing changes. */
export async function previewErasure(db: Db, subject: Subject): Promise<ErasureCounts> {
  const counts = empty();
  for (const step of await stepsFor(db, subject)) counts[step.group][step.kind] = (counts[step.group][step.kind] ?? 0) + (await step.count(db));
  return counts;
}

/**
 * The erasure, every step in the caller's transaction (`trx`, which also writes the audit entry):
 * a failure anywhere leaves everything as it was.
 */
export async function eraseSubject(trx: Db, subject: Subject): Promise<ErasureCounts> {
  const counts = empty();
  for (const step of await stepsFor(trx, subject)) counts[step.group][step.kind] = (counts[step.group][step.kind] ?? 0) + (await step.run(trx));
  return counts;
}
