// bench:watches' fleet in the database: WATCHES 3G watches (model watch4) in the demo tenant, whose
// staff member asks for "locate now", each with its IMEI, the protocol ID it calls itself by and a
// home zone its fixes stay inside (so each fix is evaluated, and raises no alarm). Bulk inserts.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { DEMO_TENANT } from '../../server/seed/demo';
import { homeOf, imeiOf, protocolIdOf } from './plan';

const CHUNK = 1000;

/** Seeds the fleet; returns the device ids by watch index. */
export async function seedWatches(db: Db, watches: number): Promise<string[]> {
  const tenant = await db.selectFrom('tenants').select('id').where('name', '=', DEMO_TENANT).executeTakeFirstOrThrow();
  const ids: string[] = [];
  for (let from = 0; from < watches; from += CHUNK) {
    const chunk = Array.from({ length: Math.min(CHUNK, watches - from) }, (_, k) => from + k);
    const devices = chunk.map((i) => ({ id: randomUUID(), tenant_id: tenant.id, name: `Bench watch ${i}`, imei: imeiOf(i), protocol_id: protocolIdOf(i), model: 'watch4', concurrency_stamp: randomUUID() }));
    ids.push(...devices.map((d) => d.id));
    await db.insertInto('devices').values(devices).execute();
    const zones = chunk.map((i) => ({ id: randomUUID(), tenant_id: tenant.id, name: 'Home', shape: 'circle' as const, center_lat: homeOf(i).lat, center_lon: homeOf(i).lon, radius_m: 300, concurrency_stamp: randomUUID() }));
    await db.insertInto('geofences').values(zones).execute();
    await db.insertInto('geofence_links').values(zones.map((z, k) => ({ id: randomUUID(), tenant_id: tenant.id, geofence_id: z.id, device_id: devices[k]!.id }))).execute();
  }
  await sql`analyze`.execute(db);
  return ids;
}
