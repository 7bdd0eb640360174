import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { allPolicyNames, CAREGIVER_POLICIES, HOST_ONLY_POLICIES } from '../../common/policies';
import { ROLE_ADMIN, ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { hashPassword } from '../identity/passwords';
import { normalize } from '../identity/users';
import { ensureRole, grantToRole } from './static-roles';
import { seedBillingDemo } from '../billing/demo';

/** The demo accounts README lists. Seeded on the embedded database, or with SEED_DEMO=true. */
export const DEMO_PASSWORD = 'Demo-Pass-2026';
export const DEMO_TENANT = 'Sunrise Care';
export const DEMO_USERS = {
  admin: { userName: 'admin', email: 'admin@vigil.local', name: 'Vigil', surname: 'Administrator' },
  staff: { userName: 'staff', email: 'staff@sunrise-care.local', name: 'Sam', surname: 'Staff' },
  caregiver: { userName: 'caregiver', email: 'caregiver@example.com', name: 'Clara', surname: 'Carer' },
} as const;
export const DEMO_WATCHES = [
  { imei: '356938035643809', name: "Mum's watch" },
  { imei: '356938035643817', name: "Dad's watch" },
] as const;
/** Watches in the tenant's stock without an owner, for a caregiver to add (IMEI, or a serial number). */
export const DEMO_STOCK_DEVICES = [
  { imei: '356938035643825', deviceId: 'VW4-43825', model: 'watch4' },
  { imei: '356938035643833', deviceId: 'VW4-43833', model: 'watch4' },
  { imei: '356938035643841', deviceId: 'VW4-43841', model: 'watch4' },
  { imei: 'VGL10-000512', deviceId: 'L10-0512', model: 'l10' },
] as const;
/** The caregiver's home: centre of the demo safe zone the demo watches are linked to (npm run simulate). */
export const DEMO_HOME = { lat: 55.6867, lon: 12.5701, radius: 150, name: 'Home' } as const;

async function createUser(db: Db, tenantId: string | null, user: { userName: string; email: string; name: string; surname: string }, passwordHash: string) {
  const id = randomUUID();
  await db
    .insertInto('users')
    .values({
      id,
      tenant_id: tenantId,
      user_name: user.userName,
      normalized_user_name: normalize(user.userName),
      email: user.email,
      normalized_email: normalize(user.email),
      email_confirmed: true,
      name: user.name,
      surname: user.surname,
      password_hash: passwordHash,
      security_stamp: randomUUID(),
      concurrency_stamp: randomUUID(),
    })
    .execute();
  return id;
}

async function assignRole(db: Db, userId: string, roleId: string, tenantId: string | null) {
  await db.insertInto('user_roles').values({ user_id: userId, role_id: roleId, tenant_id: tenantId }).onConflict((oc) => oc.doNothing()).execute();
}

/** Idempotent: does nothing once the demo admin exists. Runs in one transaction. */
export async function seedDemo(db: Db): Promise<boolean> {
  const present = await db.selectFrom('users').select('id').where('normalized_user_name', '=', normalize(DEMO_USERS.admin.userName)).executeTakeFirst();
  if (present) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    const adminRole = await ensureRole(trx, null, ROLE_ADMIN, { isStatic: true });
    const adminId = await createUser(trx, null, DEMO_USERS.admin, passwordHash);
    await assignRole(trx, adminId, adminRole, null);

    const tenantId = randomUUID();
    await trx.insertInto('tenants').values({ id: tenantId, name: DEMO_TENANT, normalized_name: normalize(DEMO_TENANT), concurrency_stamp: randomUUID() }).execute();

    const staffRole = await ensureRole(trx, tenantId, ROLE_ADMIN, { isStatic: true });
    await grantToRole(trx, tenantId, ROLE_ADMIN, allPolicyNames().filter((p) => !HOST_ONLY_POLICIES.some((h) => p === h || p.startsWith(`${h}.`))));
    const staffId = await createUser(trx, tenantId, DEMO_USERS.staff, passwordHash);
    await assignRole(trx, staffId, staffRole, tenantId);

    const caregiverRole = await ensureRole(trx, tenantId, ROLE_PLUG_AND_PLAY_USER, { isStatic: true, isPublic: true });
    await grantToRole(trx, tenantId, ROLE_PLUG_AND_PLAY_USER, CAREGIVER_POLICIES);
    const caregiverId = await createUser(trx, tenantId, DEMO_USERS.caregiver, passwordHash);
    await assignRole(trx, caregiverId, caregiverRole, tenantId);

    const homeId = randomUUID();
    await trx
      .insertInto('geofences')
      .values({ id: homeId, tenant_id: tenantId, owner_user_id: caregiverId, name: DEMO_HOME.name, shape: 'circle', center_lat: DEMO_HOME.lat, center_lon: DEMO_HOME.lon, radius_m: DEMO_HOME.radius, concurrency_stamp: randomUUID(), creator_id: caregiverId })
      .execute();
    for (const watch of DEMO_WATCHES) {
      const deviceId = randomUUID();
      await trx
        .insertInto('devices')
        .values({ id: deviceId, tenant_id: tenantId, owner_user_id: caregiverId, name: watch.name, imei: watch.imei, model: 'watch4', concurrency_stamp: randomUUID(), creator_id: caregiverId })
        .execute();
      await trx.insertInto('geofence_links').values({ id: randomUUID(), tenant_id: tenantId, geofence_id: homeId, device_id: deviceId }).execute();
    }
    for (const stock of DEMO_STOCK_DEVICES) {
      await trx
        .insertInto('devices')
        .values({ id: randomUUID(), tenant_id: tenantId, owner_user_id: null, name: stock.imei, imei: stock.imei, device_id: stock.deviceId, model: stock.model, concurrency_stamp: randomUUID(), creator_id: staffId })
        .execute();
    }
    await seedBillingDemo(trx, tenantId, caregiverId);
  });
  return true;
}
