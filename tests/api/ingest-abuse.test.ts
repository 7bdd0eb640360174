import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { demoDevices, queryFix } from '../support/osmand';
import { DEMO_STOCK_DEVICES, DEMO_WATCHES } from '../../server/seed/demo';
import { ADDRESS_BURST, ADDRESS_REFILL_MS, RATE_BURST, RATE_REFILL_MS } from '../../server/ingest/guards';

const MUM = DEMO_WATCHES[0].imei;
const DAD = DEMO_WATCHES[1].imei;

/** One answer read off the ingest port: its status and its whole head without the Date line. */
interface RawAnswer {
  status: number;
  head: string;
}

/**
 * Requests sent from a source address of our choosing (Linux answers on all of 127.0.0.0/8), one
 * after the other on one keep-alive connection, as a watch or an attacker does.
 */
async function sendFrom(port: number, localAddress: string, paths: string[]): Promise<RawAnswer[]> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  socket.setEncoding('latin1');
  let text = '';
  socket.on('data', (chunk: string) => (text += chunk));
  const ended = new Promise<void>((resolve, reject) => {
    socket.once('close', () => resolve());
    socket.once('error', reject);
  });
  const requests = paths.map((p, i) => `POST ${p} HTTP/1.1\r\nHost: watch\r\nContent-Length: 0\r\n${i === paths.length - 1 ? 'Connection: close\r\n' : ''}\r\n`);
  socket.write(requests.join(''));
  await ended;
  return text
    .split('\r\n\r\n')
    .filter((h) => h.startsWith('HTTP/1.1'))
    .map((h) => ({ status: Number(h.slice(9, 12)), head: h.split('\r\n').filter((l) => !l.startsWith('Date:')).join('\n') }));
}

const query = (params: Record<string, string | number>) => `/?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;

describe.each(DATABASES)('OsmAnd ingest against an attacker on $name', ({ url }) => {
  let server: TestServer;
  let port: number;
  const db = () => server.database.db;
  beforeAll(async () => {
    server = await startServer(url, { ingestPort: 0 });
    port = server.config.ingestPort;
  });
  afterAll(async () => server?.stop());

  const positions = async (deviceId: string) => Number((await db().selectFrom('positions').select((eb) => eb.fn.countAll<string>().as('n')).where('device_id', '=', deviceId).executeTakeFirstOrThrow()).n);
  const sos = async (deviceId: string) => (await db().selectFrom('device_events').select('id').where('device_id', '=', deviceId).where('type', '=', 'sos').execute()).length;
  const ring = (deviceId: string) => db().selectFrom('device_messages').select(['outcome', 'detail', 'remote_address', 'payload']).where('device_id', '=', deviceId).execute();

  it("lets every SOS of the real watch through while a stranger floods its IMEI from another address", async () => {
    const { mum } = await demoDevices(db());
    // The demo watch has a seeded week of positions and an SOS: only this test's are counted.
    const [positionsBefore, sosBefore] = [await positions(mum.id), await sos(mum.id)];
    // After the seeded week (it ends half an hour before the seed): no fix lands on a seeded fix's time.
    const start = Date.now() - 15 * 60_000;
    const flood = Array.from({ length: RATE_BURST + 70 }, (_, i) => query(queryFix(MUM, { lat: 10, lon: 10, time: new Date(start + i * 1000) })));
    const alarms = Array.from({ length: 13 }, (_, i) => query(queryFix(MUM, { lat: 55.7, lon: 12.5, time: new Date(start + 600_000 + i * 1000), alarm: 'sos' })));
    const [stranger, watch] = await Promise.all([sendFrom(port, '127.0.0.2', flood), sendFrom(port, '127.0.0.3', alarms)]);
    expect(stranger.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(60);
    expect(watch.map((a) => a.status)).toEqual(alarms.map(() => 200));
    const stored = stranger.filter((a) => a.status === 200).length;
    expect(await positions(mum.id)).toBe(positionsBefore + stored + 13);
    expect(await sos(mum.id)).toBe(sosBefore + 13);
    // The troubleshooting ring keeps the refused messages, with where they came from.
    await expect.poll(async () => (await ring(mum.id)).some((m) => m.outcome === 'rateLimited' && m.remote_address === '127.0.0.2')).toBe(true);
  });

  it('counts the alarms it never refuses against the budgets', async () => {
    const start = Date.now() - 3_000_000;
    // A stock watch of its own: the budget it spends here would otherwise refuse the next tests' fixes.
    const watch = DEMO_STOCK_DEVICES[1].imei;
    const alarms = Array.from({ length: RATE_BURST + 10 }, (_, i) => query(queryFix(watch, { lat: 55.6, lon: 12.4, time: new Date(start + i * 1000), alarm: i % 2 ? 'sos' : 'fall' })));
    const ordinary = Array.from({ length: 20 }, (_, i) => query(queryFix(watch, { lat: 55.6, lon: 12.4, time: new Date(start + 100_000 + i * 1000) })));
    const began = Date.now();
    const answers = await sendFrom(port, '127.0.0.6', [...alarms, ...ordinary]);
    // The budget refills one a second while the messages are read: what a slow machine lets through more.
    const refilled = Math.ceil((Date.now() - began) / RATE_REFILL_MS);
    expect(answers.slice(0, alarms.length).map((a) => a.status)).toEqual(alarms.map(() => 200));
    // Had the alarms not been counted, the full budget would store all 20 ordinary fixes.
    const stored = answers.slice(alarms.length).filter((a) => a.status === 200).length;
    expect(stored).toBeLessThanOrEqual(1 + refilled);
    expect(answers.slice(alarms.length).filter((a) => a.status === 429).length).toBe(ordinary.length - stored);
  });

  it('limits a flood from one address across many IMEIs, and other addresses keep being stored', async () => {
    const { dad } = await demoDevices(db());
    const before = await positions(dad.id);
    const imeis = Array.from({ length: ADDRESS_BURST + 200 }, (_, i) => `35000000${String(i).padStart(7, '0')}`);
    const began = Date.now();
    const answers = await sendFrom(port, '127.0.0.4', imeis.map((id) => query({ id, lat: 1, lon: 1 })));
    // The budget refills 10 a second while the flood is read: what a slow machine lets through more.
    const refilled = Math.ceil(((Date.now() - began) / 1000) * (1000 / ADDRESS_REFILL_MS));
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(ADDRESS_BURST + refilled);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(Math.min(60, imeis.length - ADDRESS_BURST - refilled));
    expect(answers.find((a) => a.status === 429)?.head).toContain('Retry-After: 1');
    const other = await sendFrom(port, '127.0.0.5', [query(queryFix(DAD, { lat: 56, lon: 13, time: new Date(Date.now() - 60_000) }))]);
    expect(other[0]!.status).toBe(200);
    expect(await positions(dad.id)).toBe(before + 1);
    // Unknown devices are counted and kept in the unknown devices' ring only.
    await expect
      .poll(async () => (await db().selectFrom('device_messages').select('unique_id').where('device_id', 'is', null).where('outcome', '=', 'unknownDevice').where('unique_id', '=', imeis[0]!).execute()).length)
      .toBe(1);
  });

  it('answers malformed and well-formed input alike for a known and an unknown IMEI, on both endpoints', async () => {
    // A device in the tenant's stock: known, and with a flood budget no other test spent.
    const known = DEMO_STOCK_DEVICES[0].imei;
    const unknown = '490154203237518';
    const time = Math.floor(Date.now() / 1000) - 30;
    const cases: Record<string, string | number>[] = [
      { lat: 'bad', lon: 12 },
      { lat: 95, lon: 12 },
      { lat: 55 },
      { lat: 55, lon: 12, timestamp: time + 86_400 },
      { lat: 55, lon: 12, note: '\u0000' },
      { lat: 55.1, lon: 12.1, timestamp: time },
    ];
    let address = 10;
    for (const params of cases) {
      const [mine] = await sendFrom(port, `127.0.0.${address++}`, [query({ id: known, ...params })]);
      const stranger = await sendFrom(port, `127.0.0.${address++}`, [query({ id: unknown, ...params })]);
      expect(stranger[0], JSON.stringify(params)).toEqual(mine);
      // A fix a day ahead is stored, marked, like any well-formed one (issue 17, item 7).
      expect(mine!.status).toBe('timestamp' in params ? 200 : 400);
      const answers = await Promise.all(
        [known, unknown].map(async (id) => {
          const res = await fetch(`${server.url}/ingest/osmand${query({ id, ...params })}`, { method: 'POST' });
          const headers = [...res.headers].filter(([k]) => k !== 'date');
          return { status: res.status, headers, body: await res.text() };
        }),
      );
      expect(answers[1], JSON.stringify(params)).toEqual(answers[0]);
    }
  });

  it('keeps the refused messages of a batch the database failed, on a bad row and while the database is away', async () => {
    const { mum, dad } = await demoDevices(db());
    const dadBefore = await positions(dad.id);
    const trigger = async (code: string) => {
      await sql`create or replace function refuse_poison() returns trigger language plpgsql as $$ begin if new.latitude = 11.125 then raise exception 'poison' using errcode = ${sql.lit(code)}; end if; return new; end $$`.execute(db());
      await sql`create trigger refuse_poison before insert on positions for each row execute function refuse_poison()`.execute(db());
    };
    const untrigger = () => sql`drop trigger if exists refuse_poison on positions`.execute(db());
    const refusedWith = async (marker: string) => (await ring(mum.id)).filter((m) => m.outcome === 'rejected' && m.payload.includes(marker)).length;
    const warm = await sendFrom(port, '127.0.0.40', [query(queryFix(DAD, { lat: 56, lon: 13, time: new Date(Date.now() - 50_000) }))]);
    expect(warm[0]!.status).toBe(200);
    for (const [code, marker, poisonStatus] of [
      ['22012', 'rowfails', 500],
      ['57P03', 'dbaway', 503],
    ] as const) {
      await trigger(code);
      const bad = Array.from({ length: 5 }, (_, i) => query({ id: MUM, lat: 'x', lon: 1, marker, n: i }));
      const poison = query(queryFix(DAD, { lat: 11.125, lon: 13, time: new Date(Date.now() - (code === '22012' ? 40_000 : 30_000)) }));
      const [refused, poisoned] = await Promise.all([Promise.all(bad.map((p, i) => sendFrom(port, `127.0.0.${50 + i}`, [p]))), sendFrom(port, '127.0.0.41', [poison])]);
      expect(refused.map((r) => r[0]!.status)).toEqual([400, 400, 400, 400, 400]);
      expect(poisoned[0]!.status).toBe(poisonStatus);
      await untrigger();
      await expect.poll(() => refusedWith(marker), { timeout: 8_000 }).toBe(5);
    }
    expect(await positions(dad.id)).toBeGreaterThanOrEqual(dadBefore + 1);
  });
});
