import type { Db } from '../db/database';
import type { DynamicDb } from '../schema-engine/resource-model';
import type { Zone } from '../../common/geo';
import type { ZoneDef } from '../alarms/evaluate';
import type { DemoTenantContext } from './demo-accounts';
import { demoId, demoStamp, isoDate, resourceRow } from './demo-ids';
import type { OrganizationIds } from './demo-organizations';

/** A monitored person with their home, watch, SIM card, home Wi-Fi and safe zone. */
export interface DemoCitizen {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string;
  organization: string;
  address: string;
  postalCode: string;
  city: string;
  notes: string;
  home: { lat: number; lon: number };
  /** Safe zone: a circle (radius in metres) or a polygon (corners as metre offsets north and east of home). */
  zone: { name: string; radius: number } | { name: string; corners: readonly (readonly [number, number])[] };
  imei: string;
  watchName: string;
  iccid: string;
  simPhone: string;
  mac: string;
  ssid: string;
}

export const SUNRISE_CITIZENS: readonly DemoCitizen[] = [
  {
    firstName: 'Inger', lastName: 'Andersen', dateOfBirth: '1938-04-12', phone: '+4535201001', organization: 'Nørrebro Home Care',
    address: 'Guldbergsgade 14, 2. th', postalCode: '2200', city: 'Copenhagen N', notes: 'Walks to the lakes most mornings. Daughter Lene is the first contact.',
    home: { lat: 55.6921, lon: 12.5579 }, zone: { name: 'Inger: home and the lakes', radius: 150 },
    imei: '869380041000017', watchName: "Inger's watch", iccid: '8945020100000000017', simPhone: '+4551000017', mac: '3C:84:6A:10:00:17', ssid: 'Andersen-home',
  },
  {
    firstName: 'Poul', lastName: 'Bruun', dateOfBirth: '1941-11-03', phone: '+4535201002', organization: 'Østerbro Day Centre',
    address: 'Classensgade 40, 1. tv', postalCode: '2100', city: 'Copenhagen Ø', notes: 'Goes to the day centre on weekdays. Hard of hearing: call twice.',
    home: { lat: 55.6953, lon: 12.5896 },
    zone: { name: 'Poul: home block', corners: [[170, -140], [170, 150], [-160, 160], [-150, -150]] },
    imei: '869380041000025', watchName: "Poul's watch", iccid: '8945020100000000025', simPhone: '+4551000025', mac: '3C:84:6A:10:00:25', ssid: 'Bruun',
  },
  {
    firstName: 'Karen', lastName: 'Dahl', dateOfBirth: '1935-07-21', phone: '+4536201003', organization: 'Valby Home Care',
    address: 'Vigerslev Allé 77', postalCode: '2500', city: 'Valby', notes: 'Lives alone; evening visit at 19:00. Loves Valby Park.',
    home: { lat: 55.6637, lon: 12.5162 }, zone: { name: 'Karen: home', radius: 150 },
    imei: '869380041000033', watchName: "Karen's watch", iccid: '8945020100000000033', simPhone: '+4551000033', mac: '3C:84:6A:10:00:33', ssid: 'Dahl-wifi',
  },
];

/** Out-of-service devices of Sunrise Care's stock, one per stop reason shown in the stock list. */
const SUNRISE_STOPPED = [
  { imei: '869380041000041', deviceId: 'VW4-00041', reason: 'lost', daysAgo: 12 },
  { imei: '869380041000058', deviceId: 'VW4-00058', reason: 'awaitingReturn', daysAgo: 5 },
  { imei: '869380041000066', deviceId: 'VW4-00066', reason: 'customerDevice', daysAgo: 40 },
  { imei: '869380041000074', deviceId: 'VW4-00074', reason: 'trashed', daysAgo: 90 },
] as const;

/** A watch whose week of history demo-history.ts writes. */
export interface DemoWatch {
  deviceId: string;
  tenantId: string;
  name: string;
  home: { lat: number; lon: number };
  zones: ZoneDef[];
}

const M_PER_DEG_LAT = 111_320;
/** A point `north` and `east` metres from `from`. */
export function offset(from: { lat: number; lon: number }, north: number, east: number): { lat: number; lng: number } {
  return { lat: from.lat + north / M_PER_DEG_LAT, lng: from.lon + east / (M_PER_DEG_LAT * Math.cos((from.lat * Math.PI) / 180)) };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Citizens with their address and organisation, each with a watch (SIM card, organisation), a safe
 * zone linked to the citizen and the watch, the tenant's staff as alarm receiver, and the home
 * Wi-Fi; plus stock devices out of service for each stop reason. Returns the watches.
 */
export async function seedCare(db: Db, ctx: DemoTenantContext, organizations: OrganizationIds, citizens: readonly DemoCitizen[], stopped: readonly (typeof SUNRISE_STOPPED)[number][] = SUNRISE_STOPPED): Promise<DemoWatch[]> {
  const dyn = db as unknown as DynamicDb;
  const { tenantId, staffId, now } = ctx;
  const row = (id: string) => resourceRow(id, tenantId, staffId, now);
  const citizenId = (c: DemoCitizen) => demoId(tenantId, 'citizens', c.firstName, c.lastName);
  const simId = (c: DemoCitizen) => demoId(tenantId, 'simcards', c.iccid);
  const deviceId = (c: DemoCitizen) => demoId('device', c.imei);
  const zoneId = (c: DemoCitizen) => demoId(tenantId, 'geofence', c.zone.name);

  await dyn
    .insertInto('citizens')
    .values(
      citizens.map((c) => ({
        ...row(citizenId(c)),
        first_name: c.firstName, last_name: c.lastName, date_of_birth: c.dateOfBirth, phone: c.phone, organization_id: organizations.get(c.organization)!,
        address: c.address, postal_code: c.postalCode, city: c.city, notes: c.notes,
      })),
    )
    .execute();
  await dyn
    .insertInto('simcards')
    .values(citizens.map((c) => ({ ...row(simId(c)), iccid: c.iccid, phone_number: c.simPhone, imsi: `2380100${c.iccid.slice(-8)}`, operator: 'TDC', status: 'active', activation_date: isoDate(now, 200) })))
    .execute();
  await dyn
    .insertInto('devices')
    .values(
      citizens.map((c) => ({
        id: deviceId(c), tenant_id: tenantId, owner_user_id: null, name: c.watchName, imei: c.imei, device_id: `VW4-${c.imei.slice(-5)}`, model: 'watch4',
        concurrency_stamp: demoStamp(deviceId(c)), creator_id: staffId, creation_time: now,
        citizen_id: citizenId(c), sim_card_id: simId(c), organization_id: organizations.get(c.organization)!, sales_type: 'rental',
      })),
    )
    .execute();
  if (stopped.length) await seedStopped(db, ctx, stopped);
  await db
    .insertInto('geofences')
    .values(
      citizens.map((c) => ({
        id: zoneId(c), tenant_id: tenantId, owner_user_id: staffId, name: c.zone.name,
        ...('radius' in c.zone
          ? { shape: 'circle' as const, center_lat: c.home.lat, center_lon: c.home.lon, radius_m: c.zone.radius, points: null }
          : { shape: 'polygon' as const, center_lat: null, center_lon: null, radius_m: null, points: JSON.stringify(c.zone.corners.map(([n, e]) => { const p = offset(c.home, n, e); return [round6(p.lat), round6(p.lng)]; })) }),
        concurrency_stamp: demoStamp(zoneId(c)), creator_id: staffId, creation_time: now,
      })),
    )
    .execute();
  await db
    .insertInto('geofence_links')
    .values(
      citizens.flatMap((c) => [
        { id: demoId(zoneId(c), 'link', deviceId(c)), tenant_id: tenantId, geofence_id: zoneId(c), device_id: deviceId(c), citizen_id: null },
        { id: demoId(zoneId(c), 'link', citizenId(c)), tenant_id: tenantId, geofence_id: zoneId(c), device_id: null, citizen_id: citizenId(c) },
      ]),
    )
    .execute();

  const staff = await db.selectFrom('users').select(['email', 'name', 'surname']).where('id', '=', staffId).executeTakeFirstOrThrow();
  await db
    .insertInto('device_alarm_receivers')
    .values(
      citizens.map((c) => ({
        id: demoId(deviceId(c), 'receiver', staffId), tenant_id: tenantId, device_id: deviceId(c), user_id: staffId, email: staff.email,
        name: `${staff.name} ${staff.surname}`, language: 'en', status: 'active' as const, invited_by_user_id: staffId,
      })),
    )
    .execute();
  await dyn
    .insertInto('wifis')
    .values(citizens.map((c) => ({ ...row(demoId(tenantId, 'wifis', c.mac)), mac_address: c.mac, ssid: c.ssid, latitude: c.home.lat, longitude: c.home.lon, address: `${c.address}, ${c.postalCode} ${c.city}`, citizen_id: citizenId(c) })))
    .execute();

  return citizens.map((c) => ({
    deviceId: deviceId(c),
    tenantId,
    name: c.watchName,
    home: c.home,
    zones: [{ id: zoneId(c), name: c.zone.name, schedule: null, zone: zoneOf(c) }],
  }));
}

/** Stock devices out of service, with the stop in their history (as stop/<reason> writes it). */
async function seedStopped(db: Db, ctx: DemoTenantContext, stopped: readonly DemoStopped[]): Promise<void> {
  const { tenantId, staffId, now } = ctx;
  await db
    .insertInto('devices')
    .values(
      stopped.map((s) => ({
        id: demoId('device', s.imei), tenant_id: tenantId, owner_user_id: null, name: s.imei, imei: s.imei, device_id: s.deviceId, model: 'watch4',
        concurrency_stamp: demoStamp(demoId('device', s.imei)), creator_id: staffId, stop_reason: s.reason, stop_time: new Date(now.getTime() - s.daysAgo * 86_400_000), stop_user_id: staffId,
      })),
    )
    .execute();
  await db
    .insertInto('device_stock_history')
    .values(
      stopped.map((s) => ({
        id: demoId('device', s.imei, 'history', 'stop'), tenant_id: tenantId, device_id: demoId('device', s.imei), action: 'stop',
        detail: JSON.stringify({ reason: s.reason, previous: null }), user_id: staffId, time: new Date(now.getTime() - s.daysAgo * 86_400_000),
      })),
    )
    .execute();
}

function zoneOf(c: DemoCitizen): Zone {
  if ('radius' in c.zone) return { kind: 'circle', center: { lat: c.home.lat, lng: c.home.lon }, radius: c.zone.radius };
  return { kind: 'polygon', points: c.zone.corners.map(([n, e]) => { const p = offset(c.home, n, e); return { lat: round6(p.lat), lng: round6(p.lng) }; }) };
}

export type DemoStopped = (typeof SUNRISE_STOPPED)[number];
