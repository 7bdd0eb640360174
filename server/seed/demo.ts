import type { Db } from '../db/database';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { ROLE_ADMIN, ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { hashPassword } from '../identity/passwords';
import { normalize } from '../identity/user-records';
import { ensureRole, grantToRole } from '../identity/static-roles';
import { assignRole, createDemoTenant, createDemoUser, grantStaffRole, type DemoTenantContext } from './demo-accounts';
import { demoRecordId, seedBillingDemo } from './demo-billing';
import { demoId, demoStamp } from './demo-ids';
import { seedCatalogue } from './demo-catalogue';
import { seedOrganizations } from './demo-organizations';
import { seedCustomers } from './demo-customers';
import { seedTexts } from './demo-texts';
import { seedCare, SUNRISE_CITIZENS, type DemoWatch } from './demo-care';
import type { ZoneDef } from '../alarms/evaluate';
import { seedHistory } from './demo-history';
import { seedSecondTenant } from './demo-second-tenant';

import { DEMO_PASSWORD, DEMO_TENANT } from '../config';

export { DEMO_PASSWORD, DEMO_TENANT };
/** The second demo tenant: its staff sees only its own records. */
export const DEMO_SECOND_TENANT = 'Fjord Care';
export const DEMO_USERS = {
  admin: { userName: 'admin', email: 'admin@vigil.local', name: 'Vigil', surname: 'Administrator' },
  staff: { userName: 'staff', email: 'staff@sunrise-care.local', name: 'Sam', surname: 'Staff' },
  caregiver: { userName: 'caregiver', email: 'caregiver@example.com', name: 'Clara', surname: 'Carer' },
  fjordStaff: { userName: 'fjordstaff', email: 'staff@fjord-care.local', name: 'Frida', surname: 'Fjeld' },
} as const;
export const DEMO_WATCHES = [
  { imei: '356938035643809', name: "Mum's watch" },
  { imei: '356938035643817', name: "Dad's watch" },
] as const;
/** What a demo 3G watch calls itself: its IMEI's last 10 digits, as SeTracker watches do (`npm run simulate -- --protocol watch`). */
export const demoProtocolId = (imei: string): string => imei.slice(-10);
/** Watches in the tenant's stock without an owner, for a caregiver to add (IMEI, or a serial number). */
export const DEMO_STOCK_DEVICES = [
  { imei: '356938035643825', deviceId: 'VW4-43825', model: 'watch4' },
  { imei: '356938035643833', deviceId: 'VW4-43833', model: 'watch4' },
  { imei: '356938035643841', deviceId: 'VW4-43841', model: 'watch4' },
  { imei: 'VGL10-000512', deviceId: 'L10-0512', model: 'l10' },
] as const;
/** The caregiver's home: centre of the demo safe zone the demo watches are linked to (npm run simulate). */
export const DEMO_HOME = { lat: 55.6867, lon: 12.5701, radius: 150, name: 'Home' } as const;
/** Citizens of Sunrise Care (with address, organisation, watch, zone and receivers), by name. */
export const DEMO_CITIZENS = SUNRISE_CITIZENS.map((c) => ({ firstName: c.firstName, lastName: c.lastName, imei: c.imei }));

/** Idempotent: does nothing once the demo admin exists. Runs in one transaction. */
export async function seedDemo(db: Db): Promise<boolean> {
  const present = await db.selectFrom('users').select('id').where('normalized_user_name', '=', normalize(DEMO_USERS.admin.userName)).executeTakeFirst();
  if (present) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();

  await db.transaction().execute(async (trx) => {
    const adminRole = await ensureRole(trx, null, ROLE_ADMIN, { isStatic: true });
    const adminId = await createDemoUser(trx, null, DEMO_USERS.admin, passwordHash);
    await assignRole(trx, adminId, adminRole, null);

    const tenantId = await createDemoTenant(trx, DEMO_TENANT);
    const staffRole = await grantStaffRole(trx, tenantId);
    const staffId = await createDemoUser(trx, tenantId, DEMO_USERS.staff, passwordHash);
    await assignRole(trx, staffId, staffRole, tenantId);

    const caregiverRole = await ensureRole(trx, tenantId, ROLE_PLUG_AND_PLAY_USER, { isStatic: true, isPublic: true });
    await grantToRole(trx, tenantId, ROLE_PLUG_AND_PLAY_USER, CAREGIVER_POLICIES);
    const caregiverId = await createDemoUser(trx, tenantId, DEMO_USERS.caregiver, passwordHash);
    await assignRole(trx, caregiverId, caregiverRole, tenantId);

    const homeId = demoId(tenantId, 'geofence', DEMO_HOME.name);
    const homeZone: ZoneDef = { id: homeId, name: DEMO_HOME.name, schedule: null, zone: { kind: 'circle', center: { lat: DEMO_HOME.lat, lng: DEMO_HOME.lon }, radius: DEMO_HOME.radius } };
    const caregiverWatches: DemoWatch[] = [];
    await trx
      .insertInto('geofences')
      .values({ id: homeId, tenant_id: tenantId, owner_user_id: caregiverId, name: DEMO_HOME.name, shape: 'circle', center_lat: DEMO_HOME.lat, center_lon: DEMO_HOME.lon, radius_m: DEMO_HOME.radius, concurrency_stamp: demoStamp(homeId), creator_id: caregiverId })
      .execute();
    for (const watch of DEMO_WATCHES) {
      const deviceId = demoId('device', watch.imei);
      await trx
        .insertInto('devices')
        .values({ id: deviceId, tenant_id: tenantId, owner_user_id: caregiverId, name: watch.name, imei: watch.imei, protocol_id: demoProtocolId(watch.imei), model: 'watch4', concurrency_stamp: demoStamp(deviceId), creator_id: caregiverId })
        .execute();
      await trx.insertInto('geofence_links').values({ id: demoId(homeId, 'link', deviceId), tenant_id: tenantId, geofence_id: homeId, device_id: deviceId }).execute();
      caregiverWatches.push({ deviceId, tenantId, name: watch.name, home: DEMO_HOME, zones: [homeZone] });
    }
    for (const stock of DEMO_STOCK_DEVICES) {
      const deviceId = demoId('device', stock.imei);
      await trx
        .insertInto('devices')
        .values({ id: deviceId, tenant_id: tenantId, owner_user_id: null, name: stock.imei, imei: stock.imei, device_id: stock.deviceId, model: stock.model, concurrency_stamp: demoStamp(deviceId), creator_id: staffId })
        .execute();
    }
    await seedBillingDemo(trx, tenantId, caregiverId, now);

    const sunrise: DemoTenantContext = { tenantId, key: 'sunrise', staffId, now };
    await seedCatalogue(trx, adminId, now);
    const organizations = await seedOrganizations(trx, sunrise);
    await seedCustomers(trx, sunrise, organizations);
    await seedTexts(trx, sunrise, organizations, (name) => demoRecordId(tenantId, 'customers', name));
    const watches = await seedCare(trx, sunrise, organizations, SUNRISE_CITIZENS);
    await seedHistory(trx, sunrise, watches);
    // The caregiver's own two (Mum's has an SOS, Dad's the older battery and a fall): the dashboard's map, chart and event history.
    await seedHistory(trx, sunrise, caregiverWatches);
    await seedSecondTenant(trx, { name: DEMO_SECOND_TENANT, staff: DEMO_USERS.fjordStaff, passwordHash, now });
  });
  return true;
}
