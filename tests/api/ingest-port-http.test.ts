import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { demoDevices, jsonLocation, queryFix } from '../support/osmand';
import { DEMO_WATCHES } from '../../server/seed/demo';
import { BODY_LIMIT } from '../../server/ingest/osmand-routes';

const MUM = DEMO_WATCHES[0].imei;

/** Writes raw bytes to the ingest port and collects what comes back until the server closes or `until` is seen. */
function exchange(port: number, parts: string[], until?: (text: string) => boolean): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, 5000);
    socket.setEncoding('latin1');
    socket.on('connect', async () => {
      for (const part of parts) {
        socket.write(part);
        await new Promise((r) => setTimeout(r, 30));
      }
    });
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (until?.(text)) {
        clearTimeout(timer);
        socket.destroy();
        resolve({ text, closed: false });
      }
    });
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
  });
}

const statuses = (text: string) => [...text.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));
const query = (fix: Record<string, string | number>) => `/?${new URLSearchParams(Object.entries(fix).map(([k, v]) => [k, String(v)]))}`;

describe('the ingest port speaks HTTP/1.1 as watches and their libraries send it', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startServer('', { ingestPort: 0 });
    port = server.config.ingestPort;
  });
  afterAll(async () => server?.stop());

  const count = async (deviceId: string) => (await server.database.db.selectFrom('positions').select('id').where('device_id', '=', deviceId).execute()).length;

  it('answers pipelined requests on one connection in order, each stored', async () => {
    const { mum } = await demoDevices(server.database.db);
    const before = await count(mum.id);
    const t = Date.now() - 900_000;
    const requests = [0, 1, 2].map((i) => `POST ${query(queryFix(MUM, { lat: 55 + i / 100, lon: 12, time: new Date(t + i * 1000) }))} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n`);
    const unknown = `GET /?id=999999999999977&lat=1&lon=1 HTTP/1.1\r\nHost: x\r\n\r\n`;
    const { text } = await exchange(port, [requests.join('') + unknown], (s) => statuses(s).length === 4);
    // An unknown device is answered as a known one (docs/decisions/026-ingest-abuse-and-bad-input.md).
    expect(statuses(text)).toEqual([200, 200, 200, 200]);
    expect(text).toMatch(/\r\nContent-Length: 0\r\n/);
    expect(text).toMatch(/\r\nDate: \w{3}, \d{2} \w{3} \d{4} /);
    expect(await count(mum.id)).toBe(before + 3);
  });

  it('reads a chunked JSON body and answers 100 Continue to a client that waits for it', async () => {
    const { mum } = await demoDevices(server.database.db);
    const before = await count(mum.id);
    const body = JSON.stringify({ device_id: MUM, location: jsonLocation({ lat: 55.7, lon: 12.7, time: new Date(Date.now() - 800_000) }) });
    const chunked = `${(20).toString(16)}\r\n${body.slice(0, 20)}\r\n${(body.length - 20).toString(16)}\r\n${body.slice(20)}\r\n0\r\n\r\n`;
    const head = 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n';
    const { text } = await exchange(port, [head, chunked], (s) => s.includes('200 OK'));
    expect(text.startsWith('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n')).toBe(true);
    expect(await count(mum.id)).toBe(before + 1);
  });

  it('closes after answering HTTP/1.0 and a request that asks to close', async () => {
    const t = Date.now() - 700_000;
    for (const head of ['HTTP/1.0\r\n', 'HTTP/1.1\r\nConnection: close\r\n']) {
      const { text, closed } = await exchange(port, [`GET ${query(queryFix(MUM, { lat: 55, lon: 12, time: new Date(t + head.length * 1000) }))} ${head}\r\n`]);
      expect(statuses(text)).toEqual([200]);
      expect(text).toContain('Connection: close');
      expect(closed).toBe(true);
    }
  });

  it('answers what it cannot read with an error and closes, and keeps serving others', async () => {
    for (const [bytes, status] of [
      ['NONSENSE\r\n\r\n', 400],
      ['POST / HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n', 400],
      [`POST / HTTP/1.1\r\nContent-Length: ${BODY_LIMIT + 1}\r\n\r\n`, 413],
      [`GET /?${'a'.repeat(20_000)} HTTP/1.1\r\n`, 431],
    ] as const) {
      const { text, closed } = await exchange(port, [bytes]);
      expect(statuses(text), bytes.slice(0, 40)).toEqual([status]);
      expect(closed).toBe(true);
    }
    const { text } = await exchange(port, [`GET ${query(queryFix(MUM, { lat: 55, lon: 12, time: new Date(Date.now() - 600_000) }))} HTTP/1.1\r\n\r\n`], (s) => statuses(s).length === 1);
    expect(statuses(text)).toEqual([200]);
  });

  it('answers a request whose client has finished sending (half-closed connection)', async () => {
    const result = await new Promise<string>((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => socket.end(`GET ${query(queryFix(MUM, { lat: 55, lon: 12, time: new Date(Date.now() - 500_000) }))} HTTP/1.1\r\n\r\n`));
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (c: string) => (text += c));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(statuses(result)).toEqual([200]);
  });
});
