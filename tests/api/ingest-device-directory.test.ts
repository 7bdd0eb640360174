import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { notificationsOf } from '../../server/db/database';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { DeviceDirectory, type DeviceInfo } from '../../server/ingest/device-directory';
import { DIRECTORY_CHANNEL } from '../../server/ingest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { caller } from '../support/api-calls';
import { captureStatements } from '../support/sql-capture';
import { sendForm } from '../support/osmand';
import { imei, protocolId } from '../support/device-stock';

/**
 * The ingest's device directory (server/ingest/device-directory.ts) on a real database: which
 * device an ID a watch sends names (its protocol ID, else its IMEI, which holds a serial number
 * too; a protocol ID before another device's equal IMEI), lookups arriving together read in one
 * query, and a changed protocol ID reaching the directory through the database's notification
 * (migration 030's trigger), not its TTL.
 */
describe.each(DATABASES)('the ingest device directory ($name)', ({ name, url }) => {
  const kind = name as 'pglite' | 'postgres';
  let server: TestServer;
  let db: Db;
  let tenantId: string;
  let citizenId: string;
  let staff: string;
  const call = caller(() => server);
  let serial = 0;

  /** A device row, with what the directory should answer for it and the IDs that name it. */
  async function device(values: { imei?: string; protocolId?: string; deleted?: boolean; citizen?: boolean } = {}): Promise<{ info: DeviceInfo; imei: string; protocolId: string }> {
    const row = {
      id: randomUUID(),
      tenant_id: tenantId,
      name: `Watch ${++serial}`,
      imei: values.imei ?? imei(),
      protocol_id: values.protocolId ?? null,
      is_deleted: values.deleted ?? false,
      citizen_id: values.citizen ? citizenId : null,
      concurrency_stamp: randomUUID(),
    };
    await db.insertInto('devices').values(row).execute();
    return { info: { id: row.id, tenantId, name: row.name, citizenId: row.citizen_id }, imei: row.imei, protocolId: row.protocol_id ?? '' };
  }
  /** The statements that read devices by ID (the directory's lookups). */
  const lookups = (texts: string[]) => texts.filter((t) => /from "devices"/.test(t) && /"protocol_id" in/.test(t));

  beforeAll(async () => {
    server = await startServer(url);
    db = server.database.db;
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
    tenantId = (await db.selectFrom('users').select('tenant_id').where('user_name', '=', 'staff').executeTakeFirstOrThrow()).tenant_id!;
    // citizens is a schema engine table, outside the Database type.
    citizenId = (await sql<{ id: string }>`select id from citizens where tenant_id = ${tenantId} and not is_deleted limit 1`.execute(db)).rows[0]!.id;
  });
  afterAll(async () => server?.stop());

  it('names a device by its protocol ID, by its IMEI, or by the serial number its IMEI field holds; exactly', async () => {
    const threeG = await device({ protocolId: protocolId(), citizen: true });
    const eview = await device();
    const bySerial = await device({ imei: `VW4-DIR-${imei().slice(-6)}` });
    const gone = await device({ protocolId: protocolId(), deleted: true });
    const directory = new DeviceDirectory(db);

    expect(await directory.resolve(threeG.protocolId)).toEqual(threeG.info);
    expect(threeG.info.citizenId).toBe(citizenId);
    expect(await directory.resolve(eview.imei)).toEqual(eview.info);
    expect(await directory.resolve(bySerial.imei)).toEqual(bySerial.info);
    // A watch with a protocol ID is still the same device when something names it by its IMEI.
    expect(await directory.resolve(threeG.imei)).toEqual(threeG.info);
    // Exact: another case, a part, or a deleted device names nothing.
    expect(await directory.resolve(bySerial.imei.toLowerCase())).toBeNull();
    expect(await directory.resolve(threeG.protocolId.slice(1))).toBeNull();
    expect(await directory.resolve(gone.protocolId)).toBeNull();
    expect(await directory.resolve(gone.imei)).toBeNull();
    // Kept: known now without a query, an unknown ID as known to be unknown.
    expect(directory.known(threeG.protocolId)).toEqual(threeG.info);
    expect(directory.known(gone.protocolId)).toBeNull();
    expect(directory.known('0000000000')).toBeUndefined();
  });

  it('hands the ingest a report from a watch naming itself by its protocol ID', async () => {
    const watch = await device({ protocolId: protocolId() });
    const time = new Date(Date.now() - 60_000);
    expect(await sendForm(`${server.url}/ingest/osmand`, { id: watch.protocolId, timestamp: time.toISOString(), lat: 55.61, lon: 12.51 })).toBe(200);
    await expect
      .poll(async () => db.selectFrom('positions').select(['latitude', 'longitude']).where('device_id', '=', watch.info.id).execute(), { timeout: 5000 })
      .toEqual([{ latitude: 55.61, longitude: 12.51 }]);
  });

  it("prefers a device's protocol ID to another device's IMEI equal to it", async () => {
    const shared = imei();
    const byImei = await device({ imei: shared });
    const byProtocolId = await device({ protocolId: shared });
    expect(byImei.imei).toBe(shared);
    expect(await new DeviceDirectory(db).resolve(shared)).toEqual(byProtocolId.info);
    // The same in a batch with other IDs, whichever order the rows come in.
    const [other, again] = await Promise.all([device(), device({ protocolId: protocolId() })]);
    const directory = new DeviceDirectory(db);
    expect(await Promise.all([other.imei, shared, again.imei].map((id) => directory.resolve(id)))).toEqual([other.info, byProtocolId.info, again.info]);
  });

  it('reads lookups arriving together in one query, which the IMEI and protocol ID indexes answer', async () => {
    const devices = await Promise.all([device({ protocolId: protocolId() }), device(), device({ imei: `SER-${imei().slice(-8)}` })]);
    const ids = devices.map((d) => d.protocolId || d.imei);
    const directory = new DeviceDirectory(db);
    let answers: (DeviceInfo | null)[] = [];
    const statements = await captureStatements(kind, async () => {
      answers = await Promise.all([...ids, ...ids, 'UNKNOWN123'].map((id) => directory.resolve(id)));
    });
    const infos = devices.map((d) => d.info);
    expect(answers).toEqual([...infos, ...infos, null]);
    const reads = lookups(statements.map((s) => s.text));
    expect(reads).toHaveLength(1);

    // A busy ingest asks for thousands of watches: the plan uses the unique indexes, not a scan.
    const statement = statements.find((s) => lookups([s.text]).length)!;
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${statement.text}`, statement.values));
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('devices_protocol_id_global_key');
    expect(plan).toMatch(/devices_imei_(uq|global_key)/);
    expect(plan).not.toMatch(/Seq Scan|devices_(owner|tenant)/);
  });

  it('hears a changed protocol ID through the database notification, at once', async () => {
    const oldId = protocolId();
    const newId = protocolId();
    const created = await call(staff, 'POST', '/api/app/productInstance', { name: 'Renamed 3G', imei: imei(), protocolId: oldId, subscriptionStatus: 'active' });
    expect(created.status).toBe(200);
    const directory = new DeviceDirectory(db);
    // Wired as the ingest module wires its own (server/ingest/index.ts).
    let cleared = 0;
    const unlisten = await notificationsOf(db).listen(DIRECTORY_CHANNEL, () => {
      cleared += 1;
      directory.clear();
    });
    try {
      const before = await directory.resolve(oldId);
      expect(before?.id).toBe(created.body.id);
      expect(await directory.resolve(newId)).toBeNull();

      // A write the trigger does not watch (the ingest's own battery and contact updates) keeps the cache.
      await db.updateTable('devices').set({ battery_level: 42 }).where('id', '=', String(created.body.id)).execute();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(cleared).toBe(0);
      expect(directory.known(oldId)).toEqual(before);

      const edited = await call(staff, 'PUT', `/api/app/productInstance/${String(created.body.id)}`, { ...created.body, protocolId: newId });
      expect(edited.status).toBe(200);
      // Well inside the directory's 30 s TTL: only the notification can have dropped the old answers.
      await expect.poll(() => directory.known(oldId), { timeout: 5000 }).toBeUndefined();
      expect(directory.known(newId)).toBeUndefined();
      expect((await directory.resolve(newId))?.id).toBe(created.body.id);
      expect(await directory.resolve(oldId)).toBeNull();

      // The back office writes every field; a write of the protocol ID alone notifies as well.
      const third = protocolId();
      const seen = cleared;
      await db.updateTable('devices').set({ protocol_id: third }).where('id', '=', String(created.body.id)).execute();
      await expect.poll(() => directory.known(newId), { timeout: 5000 }).toBeUndefined();
      expect(cleared).toBeGreaterThan(seen);
      expect((await directory.resolve(third))?.id).toBe(created.body.id);
    } finally {
      await unlisten();
    }
  });
});
