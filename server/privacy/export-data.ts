import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { inList } from './erasure-steps';
import type { Subject } from './subject';

type Rows = Record<string, unknown>[];

const rowsOf = async (db: Db, query: RawBuilder<unknown>): Promise<Rows> => (await query.execute(db)).rows as Rows;

/** The subject's own record: the citizen, or the carer's account (no secrets: password hashes, stamps) and what belongs to it. */
export async function profileOf(db: Db, subject: Subject): Promise<Record<string, unknown>> {
  if (subject.type === 'citizen') {
    const [citizen] = await rowsOf(db, sql`select * from citizens where id = ${subject.id}`);
    const places = await rowsOf(db, sql`select id, ssid, mac_address, address, latitude, longitude, creation_time from wifis where citizen_id = ${subject.id} and is_deleted = false`);
    return { citizen, wifiPlaces: places };
  }
  const id = subject.id;
  const [account] = await rowsOf(
    db,
    sql`select id, tenant_id, user_name, email, email_confirmed, name, surname, phone_number, creation_time, last_sign_in_time, last_password_change_time,
               two_factor_enabled, phone_number_login_enabled from users where id = ${id}`,
  );
  return {
    account,
    preferences: (await rowsOf(db, sql`select language, product_updates, terms_accepted_time, creation_time from caregiver_profiles where user_id = ${id}`))[0] ?? null,
    roles: (await rowsOf(db, sql`select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${id}`)).map((r) => r.name),
    externalLogins: await rowsOf(db, sql`select provider, display_name, creation_time, last_used_time from external_logins where user_id = ${id}`),
    passkeys: await rowsOf(db, sql`select name, device_type, created_at, last_used_at from user_passkeys where user_id = ${id}`),
    sessions: await rowsOf(db, sql`select client_id, user_agent, ip, created_at, last_used_at from session_activity where user_id = ${id}`),
    pushSubscriptions: await rowsOf(db, sql`select device_name, created_at, last_success_at from push_subscriptions where user_id = ${id}`),
    avatar: (await rowsOf(db, sql`select content_type, size, updated_time from user_avatars where user_id = ${id}`))[0] ?? null,
    securityLog: await rowsOf(db, sql`select action, application_name, client_ip_address, browser_info, creation_time from security_logs where user_id = ${id} order by creation_time`),
  };
}

/** The devices with their live state and connections, settings and commands, and the zones linked to the subject or the devices. */
export async function devicesOf(db: Db, subject: Subject): Promise<Record<string, unknown>> {
  const d = subject.deviceIds;
  const links = sql<boolean>`(${inList('device_id', d)} or ${subject.type === 'citizen' ? sql<boolean>`citizen_id = ${subject.id}` : sql<boolean>`false`})`;
  return {
    devices: await rowsOf(db, sql`select * from devices where ${inList('id', d)}`),
    states: await rowsOf(db, sql`select * from device_state where ${inList('device_id', d)}`),
    connections: await rowsOf(db, sql`select device_id, protocol, remote_address, connected_time, last_in_time, last_out_time from device_connections where ${inList('device_id', d)}`),
    settings: await rowsOf(db, sql`select device_id, model, wanted, reported, wanted_time, reported_time from device_settings where ${inList('device_id', d)}`),
    commands: await rowsOf(db, sql`select id, device_id, type, text, channel, phone_number, status, creation_time, sent_time from device_commands where ${inList('device_id', d)}`),
    geofences: await rowsOf(
      db,
      sql`select id, name, shape, center_lat, center_lon, radius_m, points, schedule, creation_time from geofences
          where id in (select geofence_id from geofence_links where ${links}) ${subject.type === 'user' ? sql`or owner_user_id = ${subject.id}` : sql``}`,
    ),
  };
}

export async function receiversOf(db: Db, subject: Subject): Promise<Rows> {
  const mine = subject.type === 'user' ? sql`or user_id = ${subject.id}` : sql``;
  return rowsOf(db, sql`select id, device_id, user_id, email, name, language, status, creation_time from device_alarm_receivers where ${inList('device_id', subject.deviceIds)} ${mine}`);
}

export async function alarmsOf(db: Db, subject: Subject): Promise<Record<string, unknown>> {
  const mine = subject.type === 'user' ? sql`or user_id = ${subject.id}` : sql``;
  return {
    messages: await rowsOf(db, sql`select id, user_id, event_id, device_id, type, subject, body, event_time, acknowledged_time from alarm_messages where ${inList('device_id', subject.deviceIds)} ${mine} order by event_time`),
    acknowledgments: await rowsOf(
      db,
      sql`select event_id, user_id, acknowledged_time from alarm_acknowledgments where event_id in (select id from device_events where ${inList('device_id', subject.deviceIds)}) ${mine}`,
    ),
  };
}

/** A carer's invoices, subscriptions and billing details (citizens are not billed: empty). */
export async function invoicesOf(db: Db, subject: Subject): Promise<Record<string, unknown>> {
  if (subject.type !== 'user') return { billingDetails: [], subscriptions: [], invoices: [] };
  const customers = sql`customer_id in (select id from billing_customers where user_id = ${subject.id})`;
  return {
    billingDetails: await rowsOf(db, sql`select name, company_name, vat_number, additional_info, email, language, creation_time from billing_customers where user_id = ${subject.id}`),
    subscriptions: await rowsOf(db, sql`select id, device_id, plan, status, amount, currency, current_period_start, current_period_end, creation_time from billing_subscriptions where user_id = ${subject.id}`),
    invoices: await rowsOf(db, sql`select id, number, plan, status, currency, subtotal, vat_rate, vat, total, period_start, period_end, lines, buyer, issue_time, paid_time from billing_invoices where ${customers} order by issue_time`),
  };
}

/** Rows of positions and events to export, for the progress. */
export async function historyCounts(db: Db, subject: Subject): Promise<{ positions: number; events: number }> {
  const { rows } = await sql<{ positions: number; events: number }>`select
      (select count(*)::int from positions where ${inList('device_id', subject.deviceIds)}) as positions,
      (select count(*)::int from device_events where ${inList('device_id', subject.deviceIds)}) as events`.execute(db);
  return rows[0] ?? { positions: 0, events: 0 };
}
